import type { Field } from '@plinth/contract';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import {
  Bold,
  Code,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link2,
  List,
  ListOrdered,
  Quote,
  Redo2,
  SquareCode,
  Undo2,
} from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { InputField } from '../../../components/ui/form-field';
import { fieldLabel } from '../../../lib/field-label';
import { FieldName } from './field-control';
import { AssetChoiceDialog } from './pickers';

const html = (value: unknown): string => (typeof value === 'string' ? value : '');

// One set for every editor of the page: Tiptap compares options on each render.
const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2, 3, 4] },
    link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto', 'tel'] },
  }),
  Image,
];

/**
 * A rich-text field: Tiptap with what the server keeps (headings, lists, links, quotes, code,
 * images), saved as HTML that the server sanitizes again. Images come from the media library.
 */
export function RichTextEditor({
  projectId,
  field,
  value,
  error,
  readOnly,
  onChange,
}: {
  projectId: string;
  field: Field;
  value: unknown;
  error?: string | undefined;
  readOnly: boolean;
  onChange: (value: string | null) => void;
}) {
  const labelId = useId();
  const [linking, setLinking] = useState<string | null>(null);
  const [choosingImage, setChoosingImage] = useState(false);
  // The HTML the editor last loaded or sent.
  const shown = useRef(html(value));
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: html(value),
    editable: !readOnly,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        'aria-labelledby': labelId,
        'aria-multiline': 'true',
        role: 'textbox',
        class:
          'prose-plinth min-h-32 px-3 py-2 text-slate-900 text-sm focus:outline-none [&_a]:text-indigo-700 [&_a]:underline [&_blockquote]:border-slate-300 [&_blockquote]:border-l-4 [&_blockquote]:pl-3 [&_h2]:font-semibold [&_h2]:text-lg [&_h3]:font-semibold [&_h3]:text-base [&_img]:max-h-64 [&_ol]:list-decimal [&_ol]:pl-6 [&_pre]:rounded [&_pre]:bg-slate-900 [&_pre]:p-3 [&_pre]:text-slate-100 [&_ul]:list-disc [&_ul]:pl-6',
      },
    },
    onUpdate: ({ editor: current }) => {
      const next = current.isEmpty ? null : current.getHTML();
      shown.current = html(next);
      onChange(next);
    },
  });
  // A new value from outside (another locale, someone else's version) replaces the content. It
  // is told from `shown`, not from the editor's own serialization: the
  // server's sanitized HTML never reads back the same, and resetting every editor on opening
  // is what made a big document slow to open.
  useEffect(() => {
    if (editor && html(value) !== shown.current && !editor.isFocused) {
      shown.current = html(value);
      editor.commands.setContent(html(value), { emitUpdate: false });
    }
  }, [editor, value]);
  // The editable area is ProseMirror's own element: a refusal is tied to it here.
  useEffect(() => {
    const area = editor?.view.dom;
    if (!area) return;
    if (error) {
      area.setAttribute('aria-invalid', 'true');
      area.setAttribute('aria-describedby', `${labelId}-error`);
    } else {
      area.removeAttribute('aria-invalid');
      area.removeAttribute('aria-describedby');
    }
  }, [editor, error, labelId]);
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive('bold') ?? false,
      italic: current?.isActive('italic') ?? false,
      h2: current?.isActive('heading', { level: 2 }) ?? false,
      h3: current?.isActive('heading', { level: 3 }) ?? false,
      bullet: current?.isActive('bulletList') ?? false,
      ordered: current?.isActive('orderedList') ?? false,
      quote: current?.isActive('blockquote') ?? false,
      code: current?.isActive('code') ?? false,
      codeBlock: current?.isActive('codeBlock') ?? false,
      link: current?.isActive('link') ?? false,
    }),
  });
  if (!editor) return null;
  const chain = () => editor.chain().focus();
  const tool = (label: string, icon: ReactNode, pressed: boolean | undefined, run: () => void) => (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={readOnly}
      onClick={run}
      className={`rounded-md p-1.5 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-40 ${pressed ? 'bg-indigo-50 text-indigo-800' : 'text-slate-700'}`}
    >
      {icon}
    </button>
  );
  return (
    <div className="space-y-1.5" data-field={field.name}>
      <p id={labelId} className="font-medium text-slate-800 text-sm">
        <FieldName field={field} />
      </p>
      <div
        className={`overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-inset focus-within:ring-2 focus-within:ring-indigo-600 ${error ? 'ring-red-500' : 'ring-slate-300'}`}
      >
        {readOnly ? null : (
          <div
            role="toolbar"
            aria-label={`${fieldLabel(field)} formatting`}
            className="flex flex-wrap gap-0.5 border-slate-200 border-b p-1"
          >
            {tool('Bold', <Bold className="size-4" aria-hidden />, active?.bold, () => chain().toggleBold().run())}
            {tool('Italic', <Italic className="size-4" aria-hidden />, active?.italic, () =>
              chain().toggleItalic().run(),
            )}
            {tool('Heading', <Heading2 className="size-4" aria-hidden />, active?.h2, () =>
              chain().toggleHeading({ level: 2 }).run(),
            )}
            {tool('Subheading', <Heading3 className="size-4" aria-hidden />, active?.h3, () =>
              chain().toggleHeading({ level: 3 }).run(),
            )}
            {tool('Bulleted list', <List className="size-4" aria-hidden />, active?.bullet, () =>
              chain().toggleBulletList().run(),
            )}
            {tool('Numbered list', <ListOrdered className="size-4" aria-hidden />, active?.ordered, () =>
              chain().toggleOrderedList().run(),
            )}
            {tool('Quote', <Quote className="size-4" aria-hidden />, active?.quote, () =>
              chain().toggleBlockquote().run(),
            )}
            {tool('Code', <Code className="size-4" aria-hidden />, active?.code, () => chain().toggleCode().run())}
            {tool('Code block', <SquareCode className="size-4" aria-hidden />, active?.codeBlock, () =>
              chain().toggleCodeBlock().run(),
            )}
            {tool('Link', <Link2 className="size-4" aria-hidden />, active?.link, () =>
              setLinking((editor.getAttributes('link').href as string | undefined) ?? 'https://'),
            )}
            {tool('Image from the media library', <ImagePlus className="size-4" aria-hidden />, undefined, () =>
              setChoosingImage(true),
            )}
            {tool('Undo', <Undo2 className="size-4" aria-hidden />, undefined, () => chain().undo().run())}
            {tool('Redo', <Redo2 className="size-4" aria-hidden />, undefined, () => chain().redo().run())}
          </div>
        )}
        <EditorContent editor={editor} />
      </div>
      {field.help ? <p className="text-slate-500 text-xs">{field.help}</p> : null}
      {error ? (
        <p id={`${labelId}-error`} className="text-red-600 text-sm">
          {error}
        </p>
      ) : null}
      <Dialog
        isOpen={linking !== null}
        title="Link"
        onClose={() => setLinking(null)}
        actions={
          <>
            <Button
              variant="secondary"
              onClick={() => {
                chain().extendMarkRange('link').unsetLink().run();
                setLinking(null);
              }}
            >
              Remove link
            </Button>
            <Button
              onClick={() => {
                const href = (linking ?? '').trim();
                if (href) chain().extendMarkRange('link').setLink({ href }).run();
                setLinking(null);
              }}
            >
              Apply
            </Button>
          </>
        }
      >
        <InputField
          label="Address"
          type="url"
          value={linking ?? ''}
          onChange={(event) => setLinking(event.target.value)}
        />
      </Dialog>
      <AssetChoiceDialog
        projectId={projectId}
        imagesOnly
        isOpen={choosingImage}
        onClose={() => setChoosingImage(false)}
        onChoose={(asset) => {
          chain()
            .setImage({ src: asset.url, alt: typeof asset.alt === 'string' ? asset.alt : '' })
            .run();
          setChoosingImage(false);
        }}
      />
    </div>
  );
}
