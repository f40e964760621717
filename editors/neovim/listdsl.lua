-- ListDSL in Neovim (0.7 and later): `.list` files get the filetype `listdsl`, and one `listdsl lsp` is
-- started for them all. Put this file in ~/.config/nvim/plugin/ (or `:luafile` it).
vim.cmd([[autocmd BufRead,BufNewFile *.list setfiletype listdsl]])
vim.cmd([[autocmd FileType listdsl setlocal commentstring=#\ %s]])

local client_id = nil
vim.api.nvim_create_autocmd("FileType", {
  pattern = "listdsl",
  callback = function(args)
    if not (client_id and vim.lsp.get_client_by_id(client_id)) then
      client_id = vim.lsp.start_client({
        name = "listdsl",
        cmd = { "listdsl", "lsp" },
        root_dir = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(args.buf), ":p:h"),
      })
    end
    if client_id then vim.lsp.buf_attach_client(args.buf, client_id) end
  end,
})
