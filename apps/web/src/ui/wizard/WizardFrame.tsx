import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { focusFirstInvalid } from '../form/focus-first-invalid';
import { requestLeave } from '../form/leave-guard';
import { useToast } from '../toast';

export type WizardStep = {
  label: string;
  content: ReactNode;
  /**
   * Checks the step (and shows its field errors); false keeps the user on it with the general error toast. It may
   * ask the server (a uniqueness lookup): the buttons wait, disabled.
   */
  validate?: () => boolean | Promise<boolean>;
  /**
   * Saves what the steps hold so far and answers the record's id, which the frame keeps and hands to
   * the next submits (docs/domains/screens-and-forms.md#wizards). The last step's submit is the final one.
   */
  submit?: (id: string | null) => Promise<string | null | undefined>;
};

type Props = {
  /** 'New user', or the record's name when editing (docs/domains/screens-and-forms.md#wizards). */
  title: string;
  steps: readonly WizardStep[];
  /** The list the wizard returns to when closed, cancelled or finished. */
  closeTo: string;
  /** The record's id when editing. */
  initialId?: string | null;
  /** The success toast after the last step. */
  successMessage: string;
};

/**
 * The frame of a create/edit wizard (docs/domains/screens-and-forms.md#wizards): title, progress bar, back/cancel and
 * next/finish; each step validates before moving on; a step may save early and keep the returned id;
 * the last step submits and returns to the list. A failed save keeps the step, usable.
 */
export function WizardFrame({ title, steps, closeTo, initialId = null, successMessage }: Props) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const titleId = useId();
  const [index, setIndex] = useState(0);
  const [id, setId] = useState<string | null>(initialId);
  const [submitting, setSubmitting] = useState(false);
  // A new step takes keyboard focus to its "Step 2 of 3: …" line: the button pressed was disabled while it saved, and
  // focus had fallen to the page.
  const stepLine = useRef<HTMLElement>(null);
  const shownStep = useRef(index);
  useEffect(() => {
    if (shownStep.current === index) return;
    shownStep.current = index;
    stepLine.current?.focus();
  }, [index]);
  const step = steps[index];
  const last = index === steps.length - 1;
  if (!step) return null;

  const close = () => navigate(closeTo);

  const next = async () => {
    const checked = step.validate?.() ?? true;
    let valid: boolean;
    if (typeof checked === 'boolean') valid = checked;
    else {
      // A check that asks the server keeps the buttons waiting; a plain one answers at once.
      setSubmitting(true);
      valid = await checked.catch(() => false);
      setSubmitting(false);
    }
    if (!valid) {
      toast.error('common.stepInvalid');
      focusFirstInvalid();
      return;
    }
    setSubmitting(true);
    try {
      const saved = step.submit ? await step.submit(id) : undefined;
      if (saved) setId(saved);
      if (last) {
        toast.success(successMessage);
        close();
      } else setIndex(index + 1);
    } catch (error) {
      toast.error(error);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} aria-busy={submitting}>
      <Box sx={{ p: { xs: 2, sm: 3 }, pb: 1 }}>
        <Typography id={titleId} variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        <Typography color="text.secondary" ref={stepLine} tabIndex={-1} sx={{ '&:focus': { outline: 'none' } }}>
          {t('common.stepOf', { step: index + 1, total: steps.length, label: step.label })}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={((index + 1) / steps.length) * 100}
        aria-label={t('common.stepOf', { step: index + 1, total: steps.length, label: step.label })}
      />
      <Box sx={{ p: { xs: 2, sm: 3 } }}>{step.content}</Box>
      <Stack direction="row" spacing={1} sx={{ p: { xs: 2, sm: 3 }, pt: 0, justifyContent: 'flex-end' }}>
        {index === 0 ? (
          <Button onClick={() => requestLeave(closeTo, navigate)} disabled={submitting}>
            {t('common.cancel')}
          </Button>
        ) : (
          <Button onClick={() => setIndex(index - 1)} disabled={submitting}>
            {t('common.back')}
          </Button>
        )}
        <Button variant="contained" onClick={() => void next()} disabled={submitting}>
          {t(last ? 'common.finish' : 'common.next')}
        </Button>
      </Stack>
    </Paper>
  );
}
