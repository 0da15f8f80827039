-- What the Neovim test scripts share (loaded with dofile from beside them): `report(out, run)`
-- runs `run` protected, then writes `out`, with the error `run` raised if any, to $HOT_LS_OUT
-- as JSON, and quits Neovim.

local M = {}

function M.report(out, run)
  local ok, err = pcall(run)
  out.error = not ok and tostring(err) or nil
  local fh = io.open(os.getenv('HOT_LS_OUT'), 'w')
  fh:write(vim.fn.json_encode(out))
  fh:close()
  vim.cmd('qa!')
end

return M
