-- Drives the real hot-ls server from headless Neovim, as a user's config would start it
-- (the README's `vim.lsp.start_client` form, which Neovim 0.7 to 0.11 all take), and
-- writes what Neovim received to $HOT_LS_OUT as JSON (tests/editors/test_neovim.py).
--
-- $HOT_LS_CMD: the server's command line (JSON list); $HOT_LS_DIR: the project folder,
-- holding template.yaml and playbook.yml.

local out = { published = {}, steps = {} }
local dir = os.getenv('HOT_LS_DIR')
local cmd = vim.fn.json_decode(os.getenv('HOT_LS_CMD'))

local function step(name) table.insert(out.steps, name) end

-- (the harness beside this script: report() writes `out` and quits)
local harness = dofile(debug.getinfo(1, 'S').source:sub(2):match('(.*/)') .. 'neovim_harness.lua')

local function run()
  vim.lsp.set_log_level('info')  -- so that lsp.log is written: it must hold no stderr line
  -- Every publishDiagnostics Neovim receives, counted per file, as well as shown.
  local show = vim.lsp.handlers['textDocument/publishDiagnostics']
  vim.lsp.handlers['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
    local name = vim.fn.fnamemodify(vim.uri_to_fname(result.uri), ':t')
    out.published[name] = #result.diagnostics
    return show(err, result, ctx, config)
  end

  -- The README's configuration (init_options: Neovim before 0.11 sends no settings otherwise).
  local function start(bufnr)
    local id = vim.lsp.start_client({
      name = 'hot_ls',
      cmd = cmd,
      root_dir = dir,
      init_options = { disable = { 'HOT110' } },
    })
    vim.lsp.buf_attach_client(bufnr, id)
    return id
  end

  vim.cmd('edit ' .. dir .. '/playbook.yml')
  local playbook = vim.api.nvim_get_current_buf()
  local client_id = start(playbook)
  vim.cmd('edit ' .. dir .. '/template.yaml')
  local template = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(template, client_id)
  step('opened')

  assert(vim.wait(30000, function() return #vim.diagnostic.get(template) > 0 end, 50),
         'no diagnostics for template.yaml')
  assert(vim.wait(30000, function() return out.published['playbook.yml'] ~= nil end, 50),
         'nothing published for playbook.yml')
  out.diagnostics = {}
  for _, d in ipairs(vim.diagnostic.get(template)) do
    table.insert(out.diagnostics, { line = d.lnum, col = d.col, severity = d.severity,
                                    code = d.code or (d.user_data and d.user_data.lsp.code),
                                    message = d.message })
  end
  out.playbook_diagnostics = #vim.diagnostic.get(playbook)
  step('diagnostics')

  local uri = vim.uri_from_bufnr(template)
  local function request(method, params)
    local answers = vim.lsp.buf_request_sync(template, method, params, 20000)
    assert(answers and answers[client_id], method .. ': no answer')
    local err = answers[client_id].err or answers[client_id].error  -- `error` before 0.10
    assert(not err, method .. ': ' .. vim.inspect(err))
    return answers[client_id].result
  end

  -- Completion after `type: OS::Nova::` typed over the type of `new` (line 12, 0-based 11),
  -- then the line restored.
  local typed = vim.api.nvim_buf_get_lines(template, 11, 12, false)[1]
  local line = typed:gsub('Server$', '')
  vim.api.nvim_buf_set_lines(template, 11, 12, false, { line })
  local completion = request('textDocument/completion', {
    textDocument = { uri = uri }, position = { line = 11, character = #line } })
  vim.api.nvim_buf_set_lines(template, 11, 12, false, { typed })
  local items = completion.items or completion
  out.completion = {}
  for _, item in ipairs(items) do
    local text = item.textEdit and item.textEdit.newText or item.insertText or item.label
    table.insert(out.completion, { label = item.label, text = text,
                                   format = item.insertTextFormat })
  end
  step('completion')

  -- Go to definition from `{get_resource: port}` (line 10, on "port").
  local at = vim.api.nvim_buf_get_lines(template, 9, 10, false)[1]
  local definition = request('textDocument/definition', {
    textDocument = { uri = uri }, position = { line = 9, character = at:find('port}') } })
  local location = definition[1] or definition
  out.definition = { file = vim.fn.fnamemodify(vim.uri_to_fname(location.uri or location.targetUri), ':t'),
                     range = location.range or location.targetSelectionRange }
  step('definition')

  -- Rename the resource `port` to `server_port`, applied as Neovim applies it.
  local edit = request('textDocument/rename', {
    textDocument = { uri = uri }, position = { line = 4, character = 3 }, newName = 'server_port' })
  vim.lsp.util.apply_workspace_edit(edit, 'utf-16')
  out.renamed = vim.api.nvim_buf_get_lines(template, 0, -1, false)
  step('rename')

  -- A refused rename answers with an error.
  local refused = vim.lsp.buf_request_sync(template, 'textDocument/rename', {
    textDocument = { uri = uri }, position = { line = 4, character = 3 }, newName = 'image' }, 20000)
  local err = refused[client_id].err or refused[client_id].error
  out.refused = err and err.message or vim.NIL
  step('refused')

  vim.lsp.stop_client(client_id)
  vim.wait(5000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 50)
end

harness.report(out, run)
