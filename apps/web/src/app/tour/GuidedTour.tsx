import { useMutation, useQuery } from '@apollo/client';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OnboardingId } from '@portal/domain';
import { type PopoverContentProps, type StepType, Tour } from '@reactour/tour';
import { type SetStateAction, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePortalProperties } from '../portal-properties';
import { ONBOARDING_SEEN, SET_ONBOARDING_SEEN } from './tour.documents';

/** One step: the element it points at (a CSS selector) and the i18n key of its text. */
export type GuidedTourStep = { selector: string; contentKey: string };

/**
 * docs/domains/menu-and-shell.md#guided-tour: the tour opens 1000 ms after mounting; its popover is at most 353 px
 * wide.
 */
export const TOUR_OPEN_DELAY_MS = 1000;
export const TOUR_MAX_WIDTH = 353;

/** Space kept between the popover and the window's edges, and between the popover and its element. */
const TOUR_GUTTER = 8;
const TOUR_GAP = 12;

/**
 * Where the popover goes: below its element (above when there is no room below), aligned with the element's left
 * edge but never closer than 8 px to the window's edges (the header's menu button sits at the left edge, and the
 * library's own placement put the popover flush against it).
 */
export function tourPopoverPosition(
  target: { top: number; bottom: number; left: number; windowWidth: number; windowHeight: number },
  popover: { width: number; height: number },
): [number, number] {
  const below = target.bottom + TOUR_GAP;
  const y =
    below + popover.height <= target.windowHeight
      ? below
      : Math.max(TOUR_GUTTER, target.top - TOUR_GAP - popover.height);
  const maxX = Math.max(TOUR_GUTTER, target.windowWidth - popover.width - TOUR_GUTTER);
  return [Math.min(Math.max(target.left, TOUR_GUTTER), maxX), y];
}

type Props = {
  id: OnboardingId | (string & {});
  steps: readonly GuidedTourStep[];
  /** Set when the caller has already asked the server whether the user has seen this tour (no second request). */
  unseen?: boolean;
};

/**
 * A guided tour shown once per user and id (docs/domains/menu-and-shell.md#guided-tour): it opens 1 s after mounting
 * when the portal's onboarding flag is on and the user has not seen it, and is marked seen when finished, skipped or
 * closed (Esc, mask click). Arrow keys move between steps. It does not open when the first step's element is missing
 * (then it stays unseen for a later visit).
 */
export function GuidedTour({ id, steps, unseen }: Props) {
  const portal = usePortalProperties();
  const enabled = portal.onboardingHabilitado !== false && steps.length > 0;
  const { data } = useQuery(ONBOARDING_SEEN, {
    variables: { id },
    skip: !enabled || unseen !== undefined,
    fetchPolicy: 'network-only',
  });
  const [markSeen] = useMutation(SET_ONBOARDING_SEEN, {
    variables: { id },
    // The header's tour loader reads "seen" from the cache (the frame's request): it must not offer the tour again.
    update: (cache) =>
      cache.writeQuery({ query: ONBOARDING_SEEN, variables: { id }, data: { currentUserOnboardingIsSeen: true } }),
  });
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const [currentStep, setCurrentStep] = useState(0);
  const [disabledActions, setDisabledActions] = useState(false);
  const marked = useRef(false);
  const firstSelector = steps[0]?.selector;

  const notSeen = unseen ?? data?.currentUserOnboardingIsSeen === false;
  useEffect(() => {
    if (!enabled || !notSeen || !firstSelector) return;
    const timer = setTimeout(() => {
      if (document.querySelector(firstSelector)) setOpen(true);
    }, TOUR_OPEN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [enabled, notSeen, firstSelector]);

  // The tour calls this for next/back (no), skip, finish, Esc and mask click (all close it).
  const setIsOpen = (value: SetStateAction<boolean>) => {
    const next = typeof value === 'function' ? value(isOpen) : value;
    setOpen(next);
    if (isOpen && !next && !marked.current) {
      marked.current = true;
      markSeen().catch(() => {
        // Not fatal: the tour shows again on a later visit.
        marked.current = false;
      });
    }
  };

  const tourSteps = useMemo<StepType[]>(
    () => steps.map((s) => ({ selector: s.selector, content: t(s.contentKey) })),
    [steps, t],
  );

  if (!isOpen) return null;
  return (
    <Tour
      isOpen
      setIsOpen={setIsOpen}
      steps={tourSteps}
      currentStep={currentStep}
      setCurrentStep={setCurrentStep}
      disabledActions={disabledActions}
      setDisabledActions={setDisabledActions}
      showDots={false}
      ContentComponent={TourContent}
      position={tourPopoverPosition}
      styles={{
        popover: (base) => ({ ...base, maxWidth: TOUR_MAX_WIDTH, padding: 16, borderRadius: 8 }),
      }}
    />
  );
}

/** The popover: badge 'n/total', the text, back / skip / next or finish. */
function TourContent({ steps, currentStep, setCurrentStep, setIsOpen }: PopoverContentProps) {
  const { t } = useTranslation();
  const textId = useId();
  const last = currentStep >= steps.length - 1;
  const content = steps[currentStep]?.content;
  return (
    <Box role="dialog" aria-describedby={textId} aria-label={t('tour.title')} sx={{ position: 'relative' }}>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 1 }}>
        {currentStep + 1}/{steps.length}
      </Typography>
      <Typography id={textId}>{typeof content === 'string' ? content : null}</Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
        {currentStep > 0 && (
          <Button size="small" onClick={() => setCurrentStep(currentStep - 1)}>
            {t('tour.back')}
          </Button>
        )}
        {!last && (
          <Button size="small" onClick={() => setIsOpen(false)}>
            {t('tour.skip')}
          </Button>
        )}
        {last ? (
          <Button size="small" variant="contained" onClick={() => setIsOpen(false)}>
            {t('tour.finish')}
          </Button>
        ) : (
          <Button size="small" variant="contained" onClick={() => setCurrentStep(currentStep + 1)}>
            {t('tour.next')}
          </Button>
        )}
      </Stack>
    </Box>
  );
}
