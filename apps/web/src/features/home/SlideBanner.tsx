import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SlideView, type SlideViewData } from './SlideView';

/** How long a slide stays before the next, while nothing pauses the rotation. */
export const SLIDE_INTERVAL_MS = 6000;

const icon = (d: string) => (props: SvgIconProps) => (
  <SvgIcon aria-hidden {...props}>
    <path d={d} />
  </SvgIcon>
);
const PreviousIcon = icon('M15.41 7.41 14 6l-6 6 6 6 1.41-1.41L10.83 12z');
const NextIcon = icon('M10 6 8.59 7.41 13.17 12l-4.58 4.59L10 18l6-6z');
const PauseIcon = icon('M6 19h4V5H6zm8-14v14h4V5z');
const PlayIcon = icon('M8 5v14l11-7z');

/** The round translucent buttons over the image, readable on light and dark slides. */
const overlayButton = {
  bgcolor: 'rgba(0, 0, 0, 0.45)',
  color: '#fff',
  '&:hover': { bgcolor: 'rgba(0, 0, 0, 0.65)' },
  '&.Mui-focusVisible': { outline: '3px solid #fff', outlineOffset: 1 },
} as const;

type Props = { slides: readonly (SlideViewData & { id: string })[] };

/**
 * The slide banner of /home (WAI-ARIA APG carousel): one slide at a time, the next every `SLIDE_INTERVAL_MS` except
 * while the pointer is over it, focus is inside it, the user stopped it (the first control), or the system asks for
 * reduced motion. Previous/next buttons, a dot per slide and the arrow keys move; screen readers hear the new slide
 * only when the user moved (aria-live polite while not rotating, off while rotating). The first slide's image has
 * priority. Controls show only with more than one slide.
 */
export function SlideBanner({ slides }: Props) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  const total = slides.length;
  const current = Math.min(index, total - 1);
  const rotating = total > 1 && !hovered && !focused && !stopped && !reducedMotion;

  useEffect(() => {
    if (!rotating) return;
    const timer = setTimeout(() => setIndex((current + 1) % total), SLIDE_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [rotating, current, total]);

  const go = (to: number) => setIndex((to + total) % total);
  const onKeyDown = (event: KeyboardEvent) => {
    if (total < 2) return;
    if (event.key === 'ArrowLeft') go(current - 1);
    else if (event.key === 'ArrowRight') go(current + 1);
    else return;
    event.preventDefault();
  };

  return (
    <Box
      component="section"
      aria-roledescription={t('home.slides.carousel')}
      aria-label={t('home.slides.label')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={onKeyDown}
      sx={{ position: 'relative' }}
    >
      <Box aria-live={rotating ? 'off' : 'polite'} sx={{ display: 'grid' }}>
        {slides.map((slide, i) => (
          <Box
            key={slide.id}
            role="group"
            aria-roledescription={t('home.slides.slide')}
            aria-label={t('home.slides.position', { n: i + 1, total })}
            aria-hidden={i !== current || undefined}
            sx={{
              gridArea: '1 / 1',
              minWidth: 0,
              // Kept in the layout, invisible (out of the tab order and the accessibility tree), so the next
              // slide's image is already there when it comes.
              visibility: i === current ? 'visible' : 'hidden',
              opacity: i === current ? 1 : 0,
              transition: 'opacity 0.5s, visibility 0.5s',
              '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
            }}
          >
            <SlideView slide={slide} priority={i === 0} />
          </Box>
        ))}
      </Box>
      {total > 1 && (
        <>
          <IconButton
            size="small"
            onClick={() => setStopped((s) => !s)}
            aria-label={t(stopped ? 'home.slides.play' : 'home.slides.pause')}
            sx={{ ...overlayButton, position: 'absolute', zIndex: 2, insetInlineEnd: 8, top: 8, p: '3px' }}
          >
            {stopped ? <PlayIcon fontSize="small" /> : <PauseIcon fontSize="small" />}
          </IconButton>
          <IconButton
            size="small"
            onClick={() => go(current - 1)}
            aria-label={t('home.slides.previous')}
            sx={{
              ...overlayButton,
              position: 'absolute',
              zIndex: 2,
              insetInlineStart: 8,
              top: '50%',
              translate: '0 -50%',
            }}
          >
            <PreviousIcon />
          </IconButton>
          <IconButton
            size="small"
            onClick={() => go(current + 1)}
            aria-label={t('home.slides.next')}
            sx={{
              ...overlayButton,
              position: 'absolute',
              zIndex: 2,
              insetInlineEnd: 8,
              top: '50%',
              translate: '0 -50%',
            }}
          >
            <NextIcon />
          </IconButton>
          <Box
            sx={{
              position: 'absolute',
              zIndex: 2,
              insetInline: 48,
              bottom: 2,
              display: 'flex',
              justifyContent: 'center',
              pointerEvents: 'none',
            }}
          >
            {slides.map((slide, i) => (
              <ButtonBase
                key={slide.id}
                onClick={() => go(i)}
                aria-label={t('home.slides.goTo', { n: i + 1 })}
                aria-current={i === current ? 'true' : undefined}
                sx={{
                  width: 24,
                  height: 24,
                  borderRadius: '50%',
                  pointerEvents: 'auto',
                  '&.Mui-focusVisible': { outline: '2px solid #fff', boxShadow: '0 0 0 4px #000' },
                  '&::before': {
                    content: '""',
                    width: 10,
                    height: 10,
                    borderRadius: '50%',
                    border: '1px solid rgba(0, 0, 0, 0.5)',
                    bgcolor: i === current ? '#fff' : 'rgba(255, 255, 255, 0.5)',
                  },
                }}
              />
            ))}
          </Box>
        </>
      )}
    </Box>
  );
}
