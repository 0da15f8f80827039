-- Drives the real hot-ls server from headless Neovim over a project of templates joined by an
-- environment (fixtures/workspace/project, copied to $HOT_LS_DIR), with the workspace
-- diagnostic mode on, and writes what Neovim received to $HOT_LS_OUT as JSON
-- (tests/editors/test_neovim_project.py).
--
-- $HOT_LS_CMD: the server's command line (JSON list).

local out = { steps = {} }
local dir = os.getenv('HOT_LS_DIR')
local cmd = vim.fn.json_decode(os.getenv('HOT_LS_CMD'))

local function step(name) table.insert(out.steps, name) end

-- (the harness beside this script: report() writes `out` and quits)
local harness = dofile(debug.getinfo(1, 'S').source:sub(2):match('(.*/)') .. 'neovim_harness.lua')

local function relative(fname) return fname:sub(#dir + 2) end

local function run()
  vim.cmd('edit ' .. dir .. '/stack.yaml')
  local stack = vim.api.nvim_get_current_buf()
  local client_id = vim.lsp.start_client({
    name = 'hot_ls', cmd = cmd, root_dir = dir,  -- the workspace folder
    init_options = { environments = { 'env.yaml' }, diagnostic_mode = 'workspace' },
  })
  vim.lsp.buf_attach_client(stack, client_id)

  -- The project's problems, none of those files opened: the quickfix list of all diagnostics.
  assert(vim.wait(60000, function()
    local files = {}
    for _, d in ipairs(vim.diagnostic.get()) do files[d.bufnr] = true end
    return vim.tbl_count(files) >= 7
  end, 100), 'the workspace diagnostics did not arrive')
  vim.diagnostic.setqflist({ open = false })
  out.problems = {}
  for _, item in ipairs(vim.fn.getqflist()) do
    table.insert(out.problems, { file = relative(vim.api.nvim_buf_get_name(item.bufnr)),
                                 line = item.lnum, col = item.col, text = item.text })
  end
  step('problems')

  local uri = vim.uri_from_bufnr(stack)
  local function request(method, params)
    local answers = vim.lsp.buf_request_sync(stack, method, params, 20000)
    assert(answers and answers[client_id], method .. ': no answer')
    local err = answers[client_id].err or answers[client_id].error
    assert(not err, method .. ': ' .. vim.inspect(err))
    return answers[client_id].result
  end
  local on_type = { textDocument = { uri = uri }, position = { line = 8, character = 12 } }

  -- Hover on `type: My::Server` (line 9), which env.yaml maps to a provider template.
  out.hover = request('textDocument/hover', on_type).contents.value
  step('hover')

  -- The templates that nest that provider (the call hierarchy prepared on the type).
  local items = request('textDocument/prepareCallHierarchy', on_type)
  out.prepared = items[1].name
  out.incoming = {}
  for _, call in ipairs(request('callHierarchy/incomingCalls', { item = items[1] })) do
    table.insert(out.incoming, { name = call.from.name, lines = vim.tbl_map(
      function(r) return r.start.line end, call.fromRanges) })
  end
  step('call hierarchy')

  -- Every place the project names the type.
  out.references = {}
  for _, location in ipairs(request('textDocument/references', vim.tbl_extend(
      'force', on_type, { context = { includeDeclaration = true } }))) do
    table.insert(out.references, relative(vim.uri_to_fname(location.uri)) .. ':'
                 .. location.range.start.line)
  end
  step('references')

  -- Hover on `get_file: scripts/boot.sh` (line 26): the script's first lines.
  out.file_hover = request('textDocument/hover', { textDocument = { uri = uri },
                                                   position = { line = 25, character = 30 } })
    .contents.value
  step('file hover')

  -- The outline of the environment (opened in its own buffer).
  vim.cmd('edit ' .. dir .. '/env.yaml')
  local env = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(env, client_id)
  local answers = vim.lsp.buf_request_sync(env, 'textDocument/documentSymbol',
                                           { textDocument = { uri = vim.uri_from_bufnr(env) } },
                                           20000)
  out.outline = {}
  for _, symbol in ipairs(answers[client_id].result) do
    local children = {}
    for _, child in ipairs(symbol.children or {}) do
      table.insert(children, { child.name, child.kind, child.detail })
    end
    table.insert(out.outline, { symbol.name, symbol.kind, children })
  end
  step('outline')

  vim.lsp.stop_client(client_id)
  vim.wait(5000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 50)
end

harness.report(out, run)
