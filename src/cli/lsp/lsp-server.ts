/**
 * `svc lsp`: the language server for block files and Apps, over stdio, on the same compiler as
 * the command line. Diagnostics follow every change (`svc lint`'s codes); completion, hover,
 * go-to-definition, formatting (`svc fmt`) and document symbols answer on request. A save
 * rereads the project, so block ids and the schema snapshot stay current.
 */
import { fileURLToPath } from 'node:url';
import { type Connection, createConnection, ProposedFeatures, type ServerCapabilities, TextDocumentSyncKind, TextDocuments } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { documentSymbols, formatEdits, lintDiagnostics } from './lsp-documents.js';
import { completionsAt, definitionAt, hoverAt } from './lsp-features.js';
import { forgetProjectOf, projectOf } from './lsp-project.js';

function pathOf(uri: string): string | undefined {
  return uri.startsWith('file:') ? fileURLToPath(uri) : undefined;
}

/** Lints a block file and sends its diagnostics; other documents get none. */
function publish(connection: Connection, doc: TextDocument, version: string): void {
  const path = pathOf(doc.uri);
  if (path === undefined || !path.endsWith('.svc')) return;
  void connection.sendDiagnostics({ uri: doc.uri, version: doc.version, diagnostics: lintDiagnostics(doc, path, version) });
}

function capabilities(): ServerCapabilities {
  return {
    textDocumentSync: TextDocumentSyncKind.Incremental,
    completionProvider: { triggerCharacters: ['.', '{', '"'] },
    hoverProvider: true,
    definitionProvider: true,
    documentFormattingProvider: true,
    documentSymbolProvider: true,
  };
}

/** Registers every request the server answers on `documents`' open files. */
function answer(connection: Connection, documents: TextDocuments<TextDocument>): void {
  const open = (uri: string) => {
    const doc = documents.get(uri);
    const path = pathOf(uri);
    return doc === undefined || path === undefined ? undefined : { doc, path, project: projectOf(path) };
  };
  connection.onCompletion((p) => {
    const o = open(p.textDocument.uri);
    return o === undefined ? [] : completionsAt(o.doc, o.path, o.doc.offsetAt(p.position), o.project);
  });
  connection.onHover((p) => {
    const o = open(p.textDocument.uri);
    return o === undefined ? null : hoverAt(o.doc, o.path, o.doc.offsetAt(p.position), o.project);
  });
  connection.onDefinition((p) => {
    const o = open(p.textDocument.uri);
    return o === undefined ? null : definitionAt(o.doc, o.doc.offsetAt(p.position), o.project);
  });
  connection.onDocumentFormatting((p) => {
    const o = open(p.textDocument.uri);
    return o === undefined || !o.path.endsWith('.svc') ? [] : formatEdits(o.doc, o.path);
  });
  connection.onDocumentSymbol((p) => {
    const o = open(p.textDocument.uri);
    return o === undefined || !o.path.endsWith('.svc') ? [] : documentSymbols(o.doc, o.path);
  });
}

/** Serves the language protocol on stdin and stdout until the client exits. */
export function startLanguageServer(version: string): void {
  const connection = createConnection(ProposedFeatures.all, process.stdin, process.stdout);
  const documents = new TextDocuments(TextDocument);
  connection.onInitialize(() => ({ capabilities: capabilities(), serverInfo: { name: 'svc', version } }));
  documents.onDidChangeContent((e) => publish(connection, e.document, version));
  documents.onDidSave((e) => {
    const path = pathOf(e.document.uri);
    if (path !== undefined) forgetProjectOf(path);
  });
  answer(connection, documents);
  documents.listen(connection);
  connection.listen();
}
