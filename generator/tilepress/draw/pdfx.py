"""PDF files for a print shop: CMYK colour, PDF/X with an output intent, and font subsets
tagged by their content.

reportlab draws every colour as CMYK when a surface asks for it (:func:`cmyk`, the plain
formula: no ICC conversion; a grey is black ink alone); :func:`make_pdfx` then makes the
file a PDF/X with pikepdf (qpdf): the output intent (a registered printing condition, or
the shop's own ICC profile embedded), the version keys in the document information and
in XMP metadata, ``Trapped`` set, a deterministic ID, and the PDF version the standard
allows. Two standards:

- ``x1a`` (PDF/X-1a:2003): CMYK and grey only, no transparency, fonts embedded; the
  output intent may name a registered condition (FOGRA39, GRACoL, SWOP) without a
  profile, which most shops accept.
- ``x4`` (PDF/X-4): the same files with the output intent's ICC profile embedded (the
  shop's, given as a file): what newer shops ask for.

reportlab tags every font subset ``AAAAAA+`` (its subset number), which some preflight
tools flag as the same tag on different subsets; :func:`tag_subsets` gives each subset a
tag drawn from a hash of its font program, so the same drawing still gives the same bytes.
"""

from __future__ import annotations

import hashlib
import io
import re
from dataclasses import dataclass

REGISTERED = {
    "fogra39": ("FOGRA39", "Coated FOGRA39 (ISO 12647-2:2004), offset on coated paper"),
    "gracol": ("CGATS TR 006", "GRACoL 2006 coated #1 (CGATS TR 006)"),
    "swop": ("CGATS TR 001", "SWOP (CGATS TR 001), web offset on coated paper"),
}
"""Printing conditions of the ICC's registry, by the names a shop uses: FOGRA39 in Europe,
GRACoL and SWOP in North America."""
VERSIONS = {"x1a": ("PDF/X-1a:2003", "1.4"), "x4": ("PDF/X-4", "1.6")}


@dataclass(frozen=True)
class PrintShop:
    """What a print shop asked for: the standard, its printing condition, and the ICC
    profile to embed (its bytes; needed for PDF/X-4)."""

    standard: str = "x1a"
    condition: str = "fogra39"
    icc: bytes = b""
    icc_name: str = ""


def cmyk(colour: str) -> tuple[float, float, float, float]:
    """``#rrggbb`` as CMYK by the plain formula (greys as black ink alone)."""
    r, g, b = (int(colour[k:k + 2], 16) / 255 for k in (1, 3, 5))
    k = 1 - max(r, g, b)
    if k >= 1 - 1e-9:
        return (0.0, 0.0, 0.0, 1.0)
    if r == g == b:
        return (0.0, 0.0, 0.0, round(k, 4))
    return tuple(round(v, 4) for v in ((1 - r - k) / (1 - k), (1 - g - k) / (1 - k),
                                       (1 - b - k) / (1 - k), k))  # type: ignore[return-value]


_DESCRIPTOR = re.compile(rb"/FontFile2 (\d+) 0 R\s*/FontName /([A-Z]{6})\+([!-~]+?)[\s/]")


def tag_subsets(data: bytes) -> bytes:
    """Each embedded font subset tagged by a hash of its font program instead of by its
    number: six capitals, the same length as before, so the file's offsets stand."""
    out = data
    for m in _DESCRIPTOR.finditer(data):
        number, tag, name = int(m[1]), m[2], m[3]
        start = data.find(b"\n%d 0 obj" % number)
        body = data.find(b"stream", start)
        end = data.find(b"endstream", body)
        program = data[body:end] if start >= 0 and 0 <= body < end else b""
        digest = hashlib.sha256(name + b"\0" + program).digest()
        new = bytes(65 + digest[k] % 26 for k in range(6))
        out = out.replace(b"/" + tag + b"+" + name, b"/" + new + b"+" + name)
    return out


def make_pdfx(data: bytes, shop: PrintShop, *, title: str) -> bytes:
    """The PDF made a PDF/X of ``shop.standard`` (see the module's docstring)."""
    import pikepdf

    version, pdf_version = VERSIONS[shop.standard]
    identifier, info = REGISTERED.get(shop.condition, (shop.condition, shop.condition))
    with pikepdf.open(io.BytesIO(data)) as pdf:
        intent = pikepdf.Dictionary(
            Type=pikepdf.Name.OutputIntent, S=pikepdf.Name.GTS_PDFX,
            OutputConditionIdentifier=identifier, OutputCondition=info,
            RegistryName="http://www.color.org", Info=shop.icc_name or info)
        if shop.icc:
            profile = pikepdf.Stream(pdf, shop.icc)
            profile["/N"] = 4
            intent["/DestOutputProfile"] = pdf.make_indirect(profile)
        pdf.Root.OutputIntents = pikepdf.Array([pdf.make_indirect(intent)])
        docinfo = pdf.docinfo
        docinfo["/Title"] = title or "tilepress"
        docinfo["/GTS_PDFXVersion"] = version
        if shop.standard == "x1a":
            docinfo["/GTS_PDFXConformance"] = version
        docinfo["/Trapped"] = pikepdf.Name("/False")
        created = str(docinfo.get("/CreationDate", "D:20000101000000+00'00'"))
        docinfo["/CreationDate"] = created
        docinfo["/ModDate"] = str(docinfo.get("/ModDate", created))
        with pdf.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as meta:
            meta["pdfxid:GTS_PDFXVersion"] = version
            if shop.standard == "x1a":
                meta["pdfx:GTS_PDFXConformance"] = version
            meta["dc:title"] = title or "tilepress"
            meta["xmp:CreateDate"] = _xmp_date(created)
            meta["xmp:ModifyDate"] = _xmp_date(created)
            meta["pdf:Trapped"] = "False"
        for page in pdf.pages:
            if "/TrimBox" not in page.obj:
                page.obj.TrimBox = page.obj.MediaBox
            if "/BleedBox" not in page.obj:
                page.obj.BleedBox = page.obj.TrimBox
        out = io.BytesIO()
        pdf.save(out, deterministic_id=True, force_version=pdf_version,
                 compress_streams=True, object_stream_mode=pikepdf.ObjectStreamMode.disable)
        return out.getvalue()


def _xmp_date(pdf_date: str) -> str:
    """``D:20000101000000+00'00'`` as ``2000-01-01T00:00:00+00:00``."""
    m = re.match(r"D:(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)([+-Z])?(\d\d)?'?(\d\d)?", pdf_date)
    if not m:
        return "2000-01-01T00:00:00Z"
    zone = "Z" if m[7] in (None, "Z") else f"{m[7]}{m[8] or '00'}:{m[9] or '00'}"
    return f"{m[1]}-{m[2]}-{m[3]}T{m[4]}:{m[5]}:{m[6]}{zone}"


__all__ = ["REGISTERED", "VERSIONS", "PrintShop", "cmyk", "make_pdfx", "tag_subsets"]
