import Box from '@mui/material/Box';
import SvgIcon from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import { useDropzone } from 'react-dropzone';

export type UploadDropzoneProps = {
  /** Every file dropped or picked, in order; the caller decides which it keeps. */
  onFiles: (files: File[]) => void;
  /** Texts, already translated: the call to action and an optional hint (limits). */
  label: string;
  hint?: string;
  multiple?: boolean;
  disabled?: boolean;
  /** Extensions or MIME types for the picker (`accept` of react-dropzone); none means any file. */
  accept?: Record<string, string[]>;
};

/**
 * A drop area that also opens the file picker on click, Enter or Space (react-dropzone). It checks
 * nothing itself: size, count and duplicate rules belong to the caller, so every rejection is told the
 * caller's way (docs/domains/library.md#uploading: a warning toast for a duplicate).
 */
export function UploadDropzone({ onFiles, label, hint, multiple = true, disabled, accept }: UploadDropzoneProps) {
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    onDrop: (accepted, rejected) => onFiles([...accepted, ...rejected.map((r) => r.file)]),
    multiple,
    disabled,
    accept,
  });
  // The file input sits beside the drop area, not inside it: an input within a role="button" is a
  // nested interactive control (axe), and it needs its own accessible name.
  return (
    <>
      <input {...getInputProps({ 'aria-label': label })} data-testid="upload-dropzone-input" />
      <Box
        {...getRootProps({ role: 'button', 'aria-label': label })}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: isDragActive ? 'primary.main' : 'divider',
          borderRadius: 1,
          bgcolor: isDragActive ? 'action.hover' : 'transparent',
          p: { xs: 2, sm: 4 },
          textAlign: 'center',
          cursor: disabled ? 'default' : 'pointer',
          opacity: disabled ? 0.6 : 1,
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
        }}
      >
        <SvgIcon aria-hidden color="action" sx={{ fontSize: 40 }}>
          <path d="M19.35 10.04C18.67 6.59 15.64 4 12 4 9.11 4 6.6 5.64 5.35 8.04 2.34 8.36 0 10.91 0 14c0 3.31 2.69 6 6 6h13c2.76 0 5-2.24 5-5 0-2.64-2.05-4.78-4.65-4.96M14 13v4h-4v-4H7l5-5 5 5z" />
        </SvgIcon>
        <Typography>{label}</Typography>
        {hint && (
          <Typography variant="body2" color="text.secondary">
            {hint}
          </Typography>
        )}
      </Box>
    </>
  );
}
