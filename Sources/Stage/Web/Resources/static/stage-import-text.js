// The words an import's job says, in the page's language. The server keeps an import's `stage` and `message` in
// English (programs and the log read them; the job store keeps them as text), so the page recognises the server's
// own phrases and shows each as its catalogue message: a stage by its code (js.stage.import.stage.<code>), an error
// or a warning by its code (js.stage.import.error.<code>) with the values it names. A phrase the page does not know
// (a new one, or a tool's own output) is shown as the server wrote it.
import { t, plural } from "./i18n.js";

/** The server's stage phrases (DeckImporter, StageImports) by their stable code. */
const STAGES = {
  "Uploaded": "uploaded",
  "Waiting for other imports to finish": "waiting",
  "Checking file": "checking_file",
  "Reading pictures": "reading_pictures",
  "Reading PDF": "reading_pdf",
  "Reading slides": "reading_slides",
  "Rendering slide pictures": "rendering_pictures",
  "Converting slides with LibreOffice": "converting",
  "Done": "done",
  "Cancelled": "cancelled",
  "Failed": "failed",
};

/** The stage as the page shows it. */
export function stageText(stage) {
  if (!stage) return "";
  const code = STAGES[stage];
  if (code) return t(`stage.import.stage.${code}`);
  const imported = /^Imported (\d+) slides?$/.exec(stage);
  if (imported) return plural("stage.import.stage.imported", Number(imported[1]));
  return stage;
}

// The server's error and warning messages (DeckImportError, StageImports.describe, the importer's warnings) as
// `code: English text`, `{name}` standing for a value the message carries. Each code's English catalogue entry is
// the same text.
const MESSAGES = {
  unsupported: "Import a ZIP of PNG/JPEG pictures, a PDF, or a PowerPoint .pptx file.",
  empty_file: "The file is empty; upload it again.",
  encrypted_pptx: "The presentation is protected with a password; open it in PowerPoint, remove the password (File › Info › Protect Presentation) and import again.",
  ppt: "PowerPoint 97–2003 (.ppt) files are not supported; save as .pptx and import again.",
  unreadable: "The uploaded file could not be read; upload it again.",
  not_pptx: "The file is not a PowerPoint presentation (no presentation part); save it as .pptx and import again.",
  no_slides: "The presentation has no slides.",
  no_pages: "The PDF has no pages.",
  no_pictures: "The ZIP has no PNG or JPEG pictures (or MP4/WebM videos).",
  too_many_slides: "The presentation has {count} slides; at most {max} are accepted. Split it and import the parts.",
  too_many_pages: "The file has {count} pages; at most {max} slides are accepted. Split it and import the parts.",
  too_many_pictures: "The ZIP has {count} pictures; at most {max} slides are accepted. Split it and import the parts.",
  too_many_entries: "The archive has {count} entries; at most {max} are accepted. Split it and import the parts.",
  slide_part_missing: "Slide {number} is listed but its part cannot be found; open and save the presentation again, then re-import.",
  slide_not_slide: "Slide {number} (“{part}”) is missing or is not a slide; open and save the presentation again, then re-import.",
  pdftoppm_pages: "pdftoppm rendered {count} of {pages} pages; the PDF may be damaged — export it again and re-import.",
  tool_missing: "{tool} is not installed on the server; install the Debian package {package} and import again.",
  tool_timeout: "{tool} did not finish within {minutes} minutes and was stopped; try a smaller file.",
  zip_damaged: "The ZIP file is damaged or incomplete; create it again and re-import.",
  zip_inconsistent: "The ZIP file's table of contents is inconsistent; create it again and re-import.",
  zip_outside: "The archive entry “{path}” points outside the archive folder and was refused; create the ZIP again from a normal folder.",
  zip_encrypted: "The ZIP entry “{name}” is protected with a password; create the ZIP again without a password and import it.",
  work_folder: "Could not write into the import work folder; check disk space and permissions.",
  not_picture: "“{name}” is not a PNG or JPEG picture; export it again as PNG or JPEG.",
  picture_too_large: "The picture “{name}” is {width}×{height} pixels; at most {max} pixels are accepted. Make it smaller and import again.",
  series_deleted: "The series was deleted while the import ran; nothing was saved.",
  server_failed: "The import failed on the server. Try again; if it keeps failing, the server log says why.",
  cancelled: "The import was cancelled; nothing was saved.",
  warning_libreoffice: "Slide pictures need LibreOffice (Debian package {package}); notes and titles were imported.",
  warning_poppler: "Slide pictures need poppler (Debian package {package}); notes and titles were imported.",
  warning_hidden: "LibreOffice left out the hidden slides; they were imported without pictures.",
  warning_page_count: "LibreOffice produced {pages} pages for {count} slides, so slide pictures were left out rather than attached to the wrong slides; notes and titles were imported.",
  warning_rendered: "Only {count} of {total} slide pictures could be rendered, so pictures were left out; notes and titles were imported.",
};

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Each message as a pattern that finds it inside a text (warnings come joined into one message). */
const PATTERNS = Object.entries(MESSAGES).map(([code, english]) => {
  const names = [];
  const source = english.split(/(\{\w+\})/).map((part) => {
    const name = /^\{(\w+)\}$/.exec(part);
    if (!name) return escape(part);
    names.push(name[1]);
    return "(.+?)";
  }).join("");
  return { code, names, pattern: new RegExp(source, "g") };
});

/** The server's message (one, or several joined with spaces) as the page shows it. */
export function messageText(message) {
  if (!message) return message;
  let text = message;
  for (const { code, names, pattern } of PATTERNS) {
    text = text.replace(pattern, (...match) => {
      const values = Object.fromEntries(names.map((name, index) => [name, match[index + 1]]));
      return t(`stage.import.error.${code}`, values);
    });
  }
  return text;
}
