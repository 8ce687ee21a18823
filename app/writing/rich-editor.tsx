import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect } from "react";

/**
 * The rich text editor (Tiptap), loaded only on the essay page and only in the browser: the page
 * renders a plain text box first and swaps this in once its code has arrived. It edits HTML in
 * the essay's small set of tags; the server sanitizes whatever it is sent.
 */
export interface RichEditorProps {
  initialHtml: string;
  label: string;
  onChange: (html: string, text: string) => void;
  onBlur: () => void;
}

const EXTENSIONS = [
  StarterKit.configure({ heading: { levels: [2, 3] }, code: false, codeBlock: false, horizontalRule: false, strike: false, link: false }),
];

/** The editor's plain text, one line per block, as the server counts and anchors it. */
export const editorText = (editor: Editor) => editor.getText({ blockSeparator: "\n" });

export default function RichEditor({ initialHtml, label, onChange, onBlur }: RichEditorProps) {
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: initialHtml,
    immediatelyRender: false,
    editorProps: { attributes: { role: "textbox", "aria-multiline": "true", "aria-label": label, class: "writer-editor writer-document" } },
    onUpdate: ({ editor: current }) => onChange(current.getHTML(), editorText(current)),
    onBlur: () => onBlur(),
  });
  useEffect(() => {
    if (editor) onChange(editor.getHTML(), editorText(editor));
    // Reports the starting counts once the editor exists.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editor]);
  if (!editor) return <p className="muted">Loading the editor…</p>;
  return (
    <div className="writer-editor-frame">
      <Toolbar editor={editor} />
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive("bold"),
      italic: current.isActive("italic"),
      underline: current.isActive("underline"),
      h2: current.isActive("heading", { level: 2 }),
      h3: current.isActive("heading", { level: 3 }),
      bullets: current.isActive("bulletList"),
      numbers: current.isActive("orderedList"),
      quote: current.isActive("blockquote"),
    }),
  });
  const chain = () => editor.chain().focus();
  // Each name starts with the button's visible text, so a person using voice control can say what they see.
  const buttons: { label: string; pressed: boolean; run: () => void; text: string }[] = [
    { label: "Bold", text: "B", pressed: state.bold, run: () => chain().toggleBold().run() },
    { label: "Italic", text: "I", pressed: state.italic, run: () => chain().toggleItalic().run() },
    { label: "Underline", text: "U", pressed: state.underline, run: () => chain().toggleUnderline().run() },
    { label: "H2 heading", text: "H2", pressed: state.h2, run: () => chain().toggleHeading({ level: 2 }).run() },
    { label: "H3 subheading", text: "H3", pressed: state.h3, run: () => chain().toggleHeading({ level: 3 }).run() },
    { label: "• List, bulleted", text: "• List", pressed: state.bullets, run: () => chain().toggleBulletList().run() },
    { label: "1. List, numbered", text: "1. List", pressed: state.numbers, run: () => chain().toggleOrderedList().run() },
    { label: "Quote", text: "“ ”", pressed: state.quote, run: () => chain().toggleBlockquote().run() },
  ];
  return (
    <div role="toolbar" aria-label="Formatting" className="writer-toolbar">
      {buttons.map((button) => (
        <button key={button.label} type="button" className="button button--soft" aria-pressed={button.pressed} aria-label={button.label} title={button.label} onClick={button.run}>
          {button.text}
        </button>
      ))}
    </div>
  );
}
