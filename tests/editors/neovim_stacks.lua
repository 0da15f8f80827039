-- Drives the real hot-ls server from headless Neovim with `diagnostic_mode = "stacks"` over a
-- root template whose provider template uses another one with an error ($HOT_LS_DIR, made by
-- tests/editors/test_neovim_stacks.py): only the root is opened; what the quickfix list holds
-- then, after an edit that stops using the provider, and after undoing it, is written to
-- $HOT_LS_OUT as JSON.
--
-- $HOT_LS_CMD: the server's command line (JSON list).

local out = { steps = {} }
local dir = os.getenv('HOT_LS_DIR')
local cmd = vim.fn.json_decode(os.getenv('HOT_LS_CMD'))

local harness = dofile(debug.getinfo(1, 'S').source:sub(2):match('(.*/)') .. 'neovim_harness.lua')

local function problems()
  vim.diagnostic.setqflist({ open = false })
  local found = {}
  for _, item in ipairs(vim.fn.getqflist()) do
    table.insert(found, { file = vim.api.nvim_buf_get_name(item.bufnr):sub(#dir + 2),
                          line = item.lnum, col = item.col, text = item.text })
  end
  return found
end

local function run()
  vim.cmd('edit ' .. dir .. '/root.yaml')
  local root = vim.api.nvim_get_current_buf()
  local client_id = vim.lsp.start_client({
    name = 'hot_ls', cmd = cmd, root_dir = dir,
    init_options = { diagnostic_mode = 'stacks' },
  })
  vim.lsp.buf_attach_client(root, client_id)

  assert(vim.wait(60000, function() return #vim.diagnostic.get() >= 1 end, 100),
         'the diagnostics of the templates the root uses did not arrive')
  out.opened = problems()
  table.insert(out.steps, 'opened')

  -- the root stops using relay.yaml: what was listed below it goes
  vim.api.nvim_buf_set_lines(root, 3, 4, false, { '    type: OS::Heat::None' })
  assert(vim.wait(30000, function() return #vim.diagnostic.get() == 0 end, 100),
         'the diagnostics below the provider were not cleared')
  out.edited = problems()
  table.insert(out.steps, 'edited')

  -- undone: they come back
  vim.cmd('undo')
  assert(vim.wait(30000, function() return #vim.diagnostic.get() >= 1 end, 100),
         'the diagnostics did not come back')
  out.undone = problems()
  table.insert(out.steps, 'undone')

  vim.lsp.stop_client(client_id)
  vim.wait(5000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 50)
end

harness.report(out, run)
