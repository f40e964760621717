"use strict";
// The ListDSL extension: the grammar colours .list files (package.json declares it); this starts the
// language server, `listdsl lsp` (the command named by the setting listdsl.path), for everything else.
const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("listdsl").get("path") || "listdsl";
  const server = { command, args: ["lsp"], transport: TransportKind.stdio };
  client = new LanguageClient("listdsl", "ListDSL", { run: server, debug: server }, {
    documentSelector: [{ scheme: "file", language: "listdsl" }, { scheme: "untitled", language: "listdsl" }],
  });
  context.subscriptions.push({ dispose: () => client && client.stop() });
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
