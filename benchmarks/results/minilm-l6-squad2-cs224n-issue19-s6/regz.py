"""Re-gzip the build's .jsonl files byte-identically (the manifest's sha256): GzipFile or gzip.compress."""
import gzip
import hashlib
import io
import pathlib
import re
import sys

root = pathlib.Path(sys.argv[1])
shas = set(re.findall(r"[0-9a-f]{64}", (root / "manifest.json").read_text()))
for p in sorted(root.glob("*.jsonl")):
    raw = p.read_bytes()
    buf = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buf, mtime=0, compresslevel=3) as g:
        g.write(raw)
    tries = [buf.getvalue(), gzip.compress(raw, compresslevel=3, mtime=0)]
    data = next((t for t in tries if hashlib.sha256(t).hexdigest() in shas), None)
    if data is None:
        sys.exit(f"{p}: no recompression matches the manifest")
    p.with_name(p.name + ".gz").write_bytes(data)
    p.unlink()
