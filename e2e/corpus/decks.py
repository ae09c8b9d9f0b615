"""Decks made at test time with python-pptx, as another tool would write them (not by
Cadence's own code), so the importer is checked against a real generator."""
from pptx import Presentation
from pptx.util import Inches, Pt

LONG_NOTES = "\n".join(
    f"Point {n}: a sentence long enough to wrap on a phone screen, so the notes take several pages at a large size."
    for n in range(1, 13))

SLIDES = [
    ("Welcome", "Greet the room.\nSay who you are."),
    ("Backup numbers", "Hidden: only for questions."),
    ("The long story", LONG_NOTES),
    ("Thank you", "Invite everyone back next week."),
]


def make_pptx(path, slides=SLIDES, hidden=(1,)):
    deck = Presentation()
    deck.slide_width, deck.slide_height = Inches(13.333), Inches(7.5)
    for index, (title, notes) in enumerate(slides):
        slide = deck.slides.add_slide(deck.slide_layouts[5])  # title only
        slide.shapes.title.text = title
        box = slide.shapes.add_textbox(Inches(1), Inches(3), Inches(11), Inches(2))
        box.text_frame.text = f"Slide {index + 1} body"
        box.text_frame.paragraphs[0].runs[0].font.size = Pt(40)
        slide.notes_slide.notes_text_frame.text = notes
        if index in hidden:
            slide._element.set("show", "0")
    deck.save(path)
    return path
