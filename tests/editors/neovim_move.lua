-- Runs the README's :HotMv command (defined by the snippet the test extracts from the README,
-- $HOT_LS_DIR/../hotmv.lua) in headless Neovim on a copy of fixtures/workspace/project, with
-- stack.yaml open, and writes what happened to $HOT_LS_OUT as JSON
-- (tests/editors/test_neovim_move.py).

local out = { steps = {} }
local dir = os.getenv('HOT_LS_DIR')

-- (the harness beside this script: report() writes `out` and quits)
local harness = dofile(debug.getinfo(1, 'S').source:sub(2):match('(.*/)') .. 'neovim_harness.lua')

local function run()
  dofile(dir .. '/../hotmv.lua')
  vim.cmd('edit ' .. dir .. '/stack.yaml')
  local stack = vim.api.nvim_get_current_buf()
  -- an unsaved edit: :HotMv saves it first
  vim.api.nvim_buf_set_lines(stack, 1, 2, false, { 'description: edited in the buffer' })
  vim.cmd('HotMv providers scripts/boot.sh lib/')
  table.insert(out.steps, 'moved')
  out.stack_buffer = vim.api.nvim_buf_get_lines(stack, 0, -1, false)
  out.modified = vim.bo[stack].modified
  -- a refusal is reported (as an error), nothing moves
  local refused, message = pcall(vim.cmd, 'HotMv nothing.yaml lib/')
  out.refusal = not refused and tostring(message) or nil
  table.insert(out.steps, 'refused')
end

harness.report(out, run)
