-- `listdsl lsp` in headless Neovim, with its built-in client (0.7's API: vim.lsp.start_client and
-- vim.lsp.buf_attach_client): open a script with a broken line, wait for its diagnostics, then ask for
-- completion, hover and definition, and write what came back, one JSON object, to the file $OUT.
--
--   LISTDSL=.build/debug/listdsl SCRIPT=FILE OUT=result.json nvim --headless --clean -u NONE -l neovim.lua
-- (0.7 has no -l: `nvim --headless --clean -u NONE -c 'luafile neovim.lua'`)
local listdsl = os.getenv("LISTDSL")
local script = os.getenv("SCRIPT")
local out = os.getenv("OUT")
local result = { error = nil }

local function finish()
  local file = io.open(out, "w")
  file:write(vim.fn.json_encode(result))
  file:close()
  vim.cmd("qall!")
end

local ok, problem = pcall(function()
  vim.cmd("edit " .. vim.fn.fnameescape(script))
  local buffer = vim.api.nvim_get_current_buf()
  vim.bo[buffer].filetype = "listdsl"
  local client = vim.lsp.start_client({
    name = "listdsl",
    cmd = { listdsl, "lsp" },
    root_dir = vim.fn.fnamemodify(script, ":h"),
  })
  if not client then error("the client did not start") end
  vim.lsp.buf_attach_client(buffer, client)

  -- The diagnostics of the broken line.
  local arrived = vim.wait(10000, function() return #vim.diagnostic.get(buffer) > 0 end, 20)
  if not arrived then error("no diagnostics within 10 s") end
  local diagnostic = vim.diagnostic.get(buffer)[1]
  result.diagnostic = { line = diagnostic.lnum, column = diagnostic.col, message = diagnostic.message }

  local function ask(method, line, character, extra)
    local params = { textDocument = { uri = vim.uri_from_bufnr(buffer) }, position = { line = line, character = character } }
    for k, v in pairs(extra or {}) do params[k] = v end
    local answers = vim.lsp.buf_request_sync(buffer, method, params, 10000)
    if not answers then error(method .. ": no answer within 10 s") end
    for _, answer in pairs(answers) do
      if answer.err then error(method .. ": " .. vim.inspect(answer.err)) end
      return answer.result
    end
  end

  local completion = ask("textDocument/completion", 0, 2)
  result.completion = {}
  for _, item in ipairs(completion.items or completion) do table.insert(result.completion, item.label) end
  local hover = ask("textDocument/hover", tonumber(os.getenv("HOVER_LINE")), tonumber(os.getenv("HOVER_COLUMN")))
  result.hover = hover and hover.contents.value or vim.NIL
  local definition = ask("textDocument/definition", tonumber(os.getenv("CALL_LINE")), tonumber(os.getenv("CALL_COLUMN")))
  result.definition = definition and { line = definition.range.start.line, character = definition.range.start.character } or vim.NIL
  vim.lsp.stop_client(client)
end)
if not ok then result.error = tostring(problem) end
finish()
