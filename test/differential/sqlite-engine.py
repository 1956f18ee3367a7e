"""The stock SQLite library's own reading of statements, for svc's differential tests.

Reads one JSON request per line on stdin and answers one JSON line per request. It calls the
system libsqlite3 (Debian's build: Tcl variables on) through ctypes, so what it reports is
what that library's tokenizer and parser do, not a second implementation:
  tails:  for each statement sqlite3_prepare_v2 reads, the UTF-16 offset just after it (the
          engine's own statement boundaries), until the text ends or a statement fails;
  error:  the engine's message when a statement failed to prepare;
  values: for each probe, the text of `SELECT <probe>` (a string literal's value), or null;
  names:  for each probe, the column name of `SELECT 1 AS <probe>` (a quoted name's value).
"""
import ctypes
import ctypes.util
import json
import sys

lib = ctypes.CDLL(ctypes.util.find_library("sqlite3") or "libsqlite3.so.0")
lib.sqlite3_prepare_v2.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int, ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_void_p)]
lib.sqlite3_errmsg.restype = ctypes.c_char_p
lib.sqlite3_column_text.restype = ctypes.c_void_p
lib.sqlite3_column_bytes.restype = ctypes.c_int
lib.sqlite3_column_name.restype = ctypes.c_char_p
lib.sqlite3_column_text.argtypes = [ctypes.c_void_p, ctypes.c_int]
lib.sqlite3_column_bytes.argtypes = [ctypes.c_void_p, ctypes.c_int]
lib.sqlite3_column_name.argtypes = [ctypes.c_void_p, ctypes.c_int]
lib.sqlite3_step.argtypes = [ctypes.c_void_p]
lib.sqlite3_finalize.argtypes = [ctypes.c_void_p]
lib.sqlite3_exec.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]

db = ctypes.c_void_p()
lib.sqlite3_open(b":memory:", ctypes.byref(db))
SETUP = b"CREATE TABLE t(a, b, c); CREATE TABLE orders(id, total, state); CREATE TABLE nums(n);"
lib.sqlite3_exec(db, SETUP, None, None, None)


def utf16_offset(data: bytes, byte_offset: int) -> int:
    return len(data[:byte_offset].decode("utf-8", errors="replace").encode("utf-16-le")) // 2


def prepare(data: bytes, start: int):
    buf = ctypes.create_string_buffer(data)
    base = ctypes.addressof(buf)
    stmt = ctypes.c_void_p()
    tail = ctypes.c_void_p()
    rc = lib.sqlite3_prepare_v2(db, ctypes.c_char_p(base + start), len(data) - start, ctypes.byref(stmt), ctypes.byref(tail))
    end = (tail.value - base) if tail.value else len(data)
    return rc, stmt, end


def tails(sql: str):
    data = sql.encode("utf-8")
    out = []
    at = 0
    while at < len(data):
        rc, stmt, end = prepare(data, at)
        if stmt.value:
            lib.sqlite3_finalize(stmt)
        if rc != 0:
            return out, lib.sqlite3_errmsg(db).decode("utf-8", errors="replace")
        if end <= at:
            break
        out.append(utf16_offset(data, end))
        at = end
    return out, None


def one_row(sql: str, column_name: bool):
    data = sql.encode("utf-8")
    rc, stmt, _ = prepare(data, 0)
    if rc != 0 or not stmt.value:
        return None
    try:
        if column_name:
            return lib.sqlite3_column_name(stmt, 0).decode("utf-8", errors="replace")
        if lib.sqlite3_step(stmt) != 100:
            return None
        n = lib.sqlite3_column_bytes(stmt, 0)
        ptr = lib.sqlite3_column_text(stmt, 0)
        return ctypes.string_at(ptr, n).decode("utf-8", errors="replace") if ptr else None
    finally:
        lib.sqlite3_finalize(stmt)


for line in sys.stdin:
    batch = json.loads(line)
    answers = []
    for req in batch:
        found, error = tails(req["sql"])
        answers.append({
            "tails": found,
            "error": error,
            "values": [one_row("SELECT " + p, False) for p in req.get("values", [])],
            "names": [one_row("SELECT 1 AS " + p, True) for p in req.get("names", [])],
        })
    sys.stdout.write(json.dumps(answers) + "\n")
    sys.stdout.flush()
