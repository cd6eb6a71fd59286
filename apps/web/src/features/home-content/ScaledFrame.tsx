import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';

/**
 * Shows `children` laid out at a fixed viewport `width` (1440 or 375 px, as /home would) scaled down
 * to the room there is, with a caption, inert (a picture: nothing in it takes a click or focus); the frame keeps the scaled height so nothing overlaps.
 */
export function ScaledFrame({ width, caption, children }: { width: number; caption: string; children: ReactNode }) {
  const outer = useRef<HTMLDivElement>(null);
  const inner = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState(width);
  const [height, setHeight] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (typeof ResizeObserver === 'undefined' || !outer.current || !inner.current) return;
    const observer = new ResizeObserver(() => {
      if (outer.current) setRoom(outer.current.clientWidth || width);
      if (inner.current) setHeight(inner.current.offsetHeight);
    });
    observer.observe(outer.current);
    observer.observe(inner.current);
    return () => observer.disconnect();
  }, [width]);
  const scale = Math.min(1, room / width);
  return (
    <Box component="figure" sx={{ m: 0, minWidth: 0 }}>
      <Box
        ref={outer}
        sx={{
          maxWidth: width,
          height: height === null ? 'auto' : height * scale,
          overflow: 'hidden',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'background.default',
        }}
      >
        {/* Inert: what is drawn is a picture of the page; its links and buttons must not act. */}
        <Box ref={inner} inert sx={{ width, transform: `scale(${scale})`, transformOrigin: 'top left' }}>
          {children}
        </Box>
      </Box>
      <Typography component="figcaption" variant="caption" color="text.secondary">
        {caption}
      </Typography>
    </Box>
  );
}
