#!/usr/bin/env python3
"""Draws Cadence's app icons from its mark (static/icon.svg: a blue ring) into Server/Resources/static/icons:
the PNG sizes web app manifests and iOS ask for, a maskable variant with the safe-zone margin, and favicon.ico.
Run with Pillow (the e2e venv has it): .venv/bin/python scripts/make_icons.py. The output is committed."""
from pathlib import Path

from PIL import Image, ImageDraw

OUT = Path(__file__).resolve().parent.parent / "Sources/Server/Resources/static/icons"
ACCENT = (0x1B, 0x5F, 0xD1, 255)
PAPER = (0xF6, 0xF7, 0xF9, 255)
SUPERSAMPLE = 4


def ring(size: int, *, background, ring_fraction: float) -> Image.Image:
    """The mark as icon.svg draws it (a ring of radius 11 and width 6 on 32), scaled to `ring_fraction` of the side."""
    big = size * SUPERSAMPLE
    image = Image.new("RGBA", (big, big), background)
    draw = ImageDraw.Draw(image)
    scale = big * ring_fraction / 32
    centre = big / 2
    outer, inner = (11 + 3) * scale, (11 - 3) * scale
    draw.ellipse([centre - outer, centre - outer, centre + outer, centre + outer], fill=ACCENT)
    draw.ellipse([centre - inner, centre - inner, centre + inner, centre + inner], fill=background if background[3] else (0, 0, 0, 0))
    return image.resize((size, size), Image.LANCZOS)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        ring(size, background=(0, 0, 0, 0), ring_fraction=1.0).save(OUT / f"icon-{size}.png", optimize=True)
        # Maskable: the platform crops to a circle or squircle, so the mark keeps to the inner 80 % on a full background.
        ring(size, background=PAPER, ring_fraction=0.7).save(OUT / f"icon-maskable-{size}.png", optimize=True)
    ring(180, background=PAPER, ring_fraction=0.8).save(OUT / "apple-touch-icon.png", optimize=True)
    ring(48, background=(0, 0, 0, 0), ring_fraction=1.0).save(OUT / "favicon.ico", sizes=[(16, 16), (32, 32), (48, 48)])


if __name__ == "__main__":
    main()
