/**
 * `sx` of text read by screen readers and not shown (MUI's visually hidden recipe; a small module, so a screen need
 * not pull a heavier one in).
 */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
