-- In headless Neovim, a template whose type only an environment of the workspace maps
-- ($HOT_LS_DIR/app.yaml, env.yaml): the HOT701 warning's quick fix is applied as Neovim
-- applies a code action's edit (it creates .hot-ls.toml), the files are saved, and the
-- warning goes.  Writes what happened to $HOT_LS_OUT (tests/editors/test_neovim_environment_fix.py).

local out = { steps = {} }
local dir = os.getenv('HOT_LS_DIR')
local cmd = vim.fn.json_decode(os.getenv('HOT_LS_CMD'))
local harness = dofile(debug.getinfo(1, 'S').source:sub(2):match('(.*/)') .. 'neovim_harness.lua')

local function warnings(buf)
  local found = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.code == 'HOT701' or (d.user_data and d.user_data.lsp and d.user_data.lsp.code == 'HOT701') then
      table.insert(found, d)
    end
  end
  return found
end

local function run()
  vim.cmd('edit ' .. dir .. '/app.yaml')
  local app = vim.api.nvim_get_current_buf()
  local client_id = vim.lsp.start_client({ name = 'hot_ls', cmd = cmd, root_dir = dir })
  vim.lsp.buf_attach_client(app, client_id)
  assert(vim.wait(60000, function() return #warnings(app) == 1 end, 50), 'no HOT701 warning')
  local warning = warnings(app)[1]
  table.insert(out.steps, 'warned')

  local params = vim.lsp.util.make_range_params()
  params.range = { start = { line = warning.lnum, character = warning.col },
                   ['end'] = { line = warning.end_lnum, character = warning.end_col } }
  local lsp = (warning.user_data or {}).lsp or {}
  params.context = { diagnostics = { { range = params.range, message = warning.message,
                                       severity = 2, code = 'HOT701', source = warning.source,
                                       data = lsp.data } } }
  local answers = vim.lsp.buf_request_sync(app, 'textDocument/codeAction', params, 20000)
  local action
  for _, candidate in ipairs(answers[client_id].result or {}) do
    if candidate.title:find('^Create this stack') then action = candidate end
  end
  assert(action, 'no fix: ' .. vim.inspect(answers[client_id]))
  out.title = action.title
  vim.lsp.util.apply_workspace_edit(action.edit, 'utf-16')
  vim.cmd('wall')
  local fh = io.open(dir .. '/.hot-ls.toml')
  out.settings = fh and fh:read('*a')
  if fh then fh:close() end
  table.insert(out.steps, 'fixed')

  -- Neovim 0.7 reports no changed files: saving the template is when the server looks
  vim.cmd('write')
  assert(vim.wait(30000, function() return #warnings(app) == 0 end, 50),
         'the warning stayed: ' .. vim.inspect(vim.diagnostic.get(app)))
  out.after = #vim.diagnostic.get(app)
  table.insert(out.steps, 'gone')
  vim.lsp.stop_client(client_id)
  vim.wait(5000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 50)
end

harness.report(out, run)
