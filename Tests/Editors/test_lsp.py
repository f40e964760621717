"""`listdsl lsp` driven by a real LSP client (pytest-lsp, from PyPI), as an editor drives it: open an
example, see the diagnostics of a broken line, complete, hover, go to definition, find references, list
the symbols, and shut down. The server is the binary named by $LISTDSL (the package's debug build by
default).

    python3 -m pytest Tests/Editors -q
"""
import os
import pathlib

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

ROOT = pathlib.Path(__file__).resolve().parents[2]
LISTDSL = os.environ.get("LISTDSL", str(ROOT / ".build" / "debug" / "listdsl"))
EXAMPLE = ROOT / "examples" / "tour.list"


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[LISTDSL, "lsp"]))
async def client(lsp_client: LanguageClient):
    result = await lsp_client.initialize_session(
        types.InitializeParams(capabilities=types.ClientCapabilities(), process_id=os.getpid()))
    assert result.server_info.name == "listdsl"
    yield
    await lsp_client.shutdown_session()


def open_document(client, uri, text, version=1):
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="listdsl", version=version, text=text)))


async def diagnostics_of(client, uri):
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return client.diagnostics[uri]


@pytest.mark.asyncio(loop_scope="function")
async def test_an_example_has_no_diagnostics_and_a_broken_line_has_its_own(client: LanguageClient):
    uri = EXAMPLE.as_uri()
    text = EXAMPLE.read_text(encoding="utf-8")
    open_document(client, uri, text)
    assert list(await diagnostics_of(client, uri)) == []

    # Break a line: the diagnostic `listdsl check` gives, at its place.
    broken = text + "delete 0:\n"
    line = broken.count("\n") - 1
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=broken)]))
    found = await diagnostics_of(client, uri)
    assert [d.message for d in found] == ["expected a row after ':', found end of line"]
    assert found[0].range.start == types.Position(line=line, character=9)
    assert found[0].severity == types.DiagnosticSeverity.Error


SCRIPT = """proc addAll(items) {
  for item in items { append 0 item }
}
reset [[]]
addAll(["Milk", "Eggs"])
on canEdit = true
begin
delete 0:0
end
"""


@pytest.mark.asyncio(loop_scope="function")
async def test_completion_hover_definition_references_symbols(client: LanguageClient):
    uri = "file:///lessons/shopping.list"
    open_document(client, uri, SCRIPT)
    assert list(await diagnostics_of(client, uri)) == []

    completion = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=4, character=3)))
    labels = {item.label for item in completion.items}
    # At a statement's start: the statements and the script's names, not the hooks.
    assert {"insert", "begin", "addAll", "item"} <= labels and "canEdit" not in labels
    completion = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=5, character=5)))
    labels = {item.label for item in completion.items}
    # After `on`: the hooks.
    assert "canEdit" in labels and "insert" not in labels

    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=5, character=5)))
    assert "tableView(_:canEditRowAt:)" in hover.contents.value

    definition = await client.text_document_definition_async(types.DefinitionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=4, character=2)))
    assert definition.range.start == types.Position(line=0, character=5)

    references = await client.text_document_references_async(types.ReferenceParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=1, character=7),
        context=types.ReferenceContext(include_declaration=True)))
    assert [r.range.start.line for r in references] == [1, 1]

    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(
        text_document=types.TextDocumentIdentifier(uri=uri)))
    assert [s.name for s in symbols] == ["addAll", "on canEdit", "begin … end"]
