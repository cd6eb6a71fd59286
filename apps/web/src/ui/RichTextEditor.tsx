import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import SvgIcon from '@mui/material/SvgIcon';
import ToggleButton from '@mui/material/ToggleButton';
import Typography from '@mui/material/Typography';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type RichTextEditorProps = {
  /** Accessible name and visible label (already translated). */
  label: string;
  /** Initial HTML; later changes of this prop are not pushed into the editor (remount with a key). */
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  /** Error text (already translated); marks the field invalid. */
  error?: string;
  disabled?: boolean;
};

type Mark = { key: string; label: string; active: boolean; run: () => void; text: ReactNode };

// Material Design icon paths (Apache-2.0).
const icon = (d: string) => (
  <SvgIcon fontSize="small">
    <path d={d} />
  </SvgIcon>
);
const BULLETS = icon(
  'M4 10.5c-.83 0-1.5.67-1.5 1.5s.67 1.5 1.5 1.5 1.5-.67 1.5-1.5-.67-1.5-1.5-1.5m0-6c-.83 0-1.5.67-1.5 1.5S3.17 7.5 4 7.5 5.5 6.83 5.5 6 4.83 4.5 4 4.5m0 12c-.83 0-1.5.68-1.5 1.5s.68 1.5 1.5 1.5 1.5-.68 1.5-1.5-.67-1.5-1.5-1.5M7 19h14v-2H7zm0-6h14v-2H7zm0-8v2h14V5z',
);
const NUMBERS = icon(
  'M2 17h2v.5H3v1h1v.5H2v1h3v-4H2zm1-9h1V4H2v1h1zm-1 3h1.8L2 13.1v.9h3v-1H3.2L5 10.9V10H2zm5-6v2h14V5zm0 14h14v-2H7zm0-6h14v-2H7z',
);
const LINK = icon(
  'M3.9 12c0-1.71 1.39-3.1 3.1-3.1h4V7H7c-2.76 0-5 2.24-5 5s2.24 5 5 5h4v-1.9H7c-1.71 0-3.1-1.39-3.1-3.1M8 13h8v-2H8zm9-6h-4v1.9h4c1.71 0 3.1 1.39 3.1 3.1s-1.39 3.1-3.1 3.1h-4V17h4c2.76 0 5-2.24 5-5s-2.24-5-5-5',
);

/**
 * A rich text field on Tiptap 3 (ProseMirror): bold, italic, headings 2-3, bulleted and numbered
 * lists and links, with a keyboard-reachable toolbar. It produces HTML; whoever stores it must
 * sanitise it (the server does, with its allow-list). Load it lazily: it is a large chunk.
 */
export function RichTextEditor({ label, value, onChange, onBlur, error, disabled }: RichTextEditorProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const errorId = useId();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
      }),
    ],
    content: value,
    editable: !disabled,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(error ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    onBlur: () => onBlur?.(),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      h2: e?.isActive('heading', { level: 2 }) ?? false,
      h3: e?.isActive('heading', { level: 3 }) ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
      link: e?.isActive('link') ?? false,
    }),
  });

  // The toolbar is one tab stop (WAI-ARIA toolbar pattern): Tab reaches the last-used button, arrows, Home and End
  // move between the buttons.
  const [current, setCurrent] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const onToolbarKey = (event: KeyboardEvent<HTMLElement>) => {
    const last = buttons.current.length - 1;
    const next = {
      ArrowRight: current === last ? 0 : current + 1,
      ArrowLeft: current === 0 ? last : current - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setCurrent(next);
    buttons.current[next]?.focus();
  };

  const chain = () => editor.chain().focus();
  const setLink = () => {
    const previous = (editor.getAttributes('link').href as string | undefined) ?? '';
    const href = window.prompt(t('communicationsUi.editor.linkPrompt'), previous);
    if (href === null) return;
    if (href.trim() === '') chain().extendMarkRange('link').unsetLink().run();
    else chain().extendMarkRange('link').setLink({ href: href.trim() }).run();
  };
  const marks: Mark[] = [
    {
      key: 'b',
      label: t('communicationsUi.editor.bold'),
      active: state?.bold ?? false,
      run: () => chain().toggleBold().run(),
      text: 'B',
    },
    {
      key: 'i',
      label: t('communicationsUi.editor.italic'),
      active: state?.italic ?? false,
      run: () => chain().toggleItalic().run(),
      text: 'I',
    },
    {
      key: 'h2',
      label: t('communicationsUi.editor.heading', { level: 2 }),
      active: state?.h2 ?? false,
      run: () => chain().toggleHeading({ level: 2 }).run(),
      text: 'H2',
    },
    {
      key: 'h3',
      label: t('communicationsUi.editor.heading', { level: 3 }),
      active: state?.h3 ?? false,
      run: () => chain().toggleHeading({ level: 3 }).run(),
      text: 'H3',
    },
    {
      key: 'ul',
      label: t('communicationsUi.editor.bulletList'),
      active: state?.bullet ?? false,
      run: () => chain().toggleBulletList().run(),
      text: BULLETS,
    },
    {
      key: 'ol',
      label: t('communicationsUi.editor.orderedList'),
      active: state?.ordered ?? false,
      run: () => chain().toggleOrderedList().run(),
      text: NUMBERS,
    },
    { key: 'a', label: t('communicationsUi.editor.link'), active: state?.link ?? false, run: setLink, text: LINK },
  ];

  return (
    <Box>
      <Typography
        id={labelId}
        component="label"
        variant="body2"
        color={error ? 'error' : 'text.secondary'}
        sx={{ display: 'block', mb: 0.5 }}
      >
        {label}
      </Typography>
      <Box
        sx={{
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          '&:focus-within': { borderColor: error ? 'error.main' : 'primary.main', boxShadow: 1 },
        }}
      >
        <Box
          role="toolbar"
          aria-label={t('communicationsUi.editor.toolbar')}
          onKeyDown={onToolbarKey}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, p: 0.5, borderBottom: 1, borderColor: 'divider' }}
        >
          {marks.map((m, i) => (
            <ToggleButton
              key={m.key}
              ref={(el) => {
                buttons.current[i] = el;
              }}
              tabIndex={i === current ? 0 : -1}
              onFocus={() => setCurrent(i)}
              value={m.key}
              size="small"
              selected={m.active}
              aria-label={m.label}
              title={m.label}
              disabled={disabled}
              onChange={m.run}
              sx={{
                minWidth: 36,
                py: 0.25,
                fontWeight: m.key === 'b' ? 700 : 400,
                fontStyle: m.key === 'i' ? 'italic' : 'normal',
              }}
            >
              <span aria-hidden>{m.text}</span>
            </ToggleButton>
          ))}
        </Box>
        <Box
          sx={{
            px: 1.5,
            '& .tiptap': { minHeight: 180, outline: 'none', py: 1, overflowWrap: 'anywhere' },
            '& .tiptap a': { color: 'primary.main' },
          }}
        >
          <EditorContent editor={editor} />
        </Box>
      </Box>
      {error && (
        <FormHelperText id={errorId} error>
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}
