// read-records.mjs: what independent readers make of the records Catur wrote (test-interchange.py)
// SPDX-License-Identifier: GPL-3.0-or-later
//
//   node read-records.mjs FILE…
//
// Each FILE is read by the library of its kind, chess.js for `.pgn` and tsshogi for `.kif`,
// `.kifu`, `.ki2`, `.ki2u` and `.csa` (`.kif` and `.ki2` in Shift_JIS, as Kifu for Windows
// writes them), and one line of JSON is printed for it: the moves in UCI or USI and the final
// position, or the reader's error.
import { readFileSync } from "node:fs";
import { Chess } from "chess.js";
import { Move, importCSA, importKI2, importKIF } from "tsshogi";

function readChess(text) {
  const chess = new Chess();
  chess.loadPgn(text, { strict: true });
  const moves = chess.history({ verbose: true }).map((m) => m.from + m.to + (m.promotion ?? ""));
  return { moves, position: chess.fen() };
}

function readShogi(text, kind) {
  const importer = { kif: importKIF, ki2: importKI2, csa: importCSA }[kind];
  const record = importer(text);
  if (record instanceof Error) {
    throw record;
  }
  const moves = record.moves.filter((node) => node.move instanceof Move).map((n) => n.move.usi);
  record.goto(Number.MAX_SAFE_INTEGER);
  return { moves, position: record.position.sfen };
}

for (const path of process.argv.slice(2)) {
  const extension = path.slice(path.lastIndexOf(".") + 1);
  const bytes = readFileSync(path);
  const sjis = extension === "kif" || extension === "ki2";
  const text = new TextDecoder(sjis ? "shift_jis" : "utf-8").decode(bytes);
  let result;
  try {
    if (extension === "pgn") {
      result = readChess(text);
    } else {
      result = readShogi(text, extension.replace(/u$/, ""));
    }
  } catch (error) {
    result = { error: String(error?.message ?? error) };
  }
  console.log(JSON.stringify({ path, ...result }));
}
