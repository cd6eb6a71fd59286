import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { type ReactNode, useId } from 'react';

export type Choice<V extends string> = {
  value: V;
  label: string /** The one that loses nothing: filled, focused. */;
  primary?: boolean;
};

type Props<V extends string> = {
  title: string;
  text: string;
  choices: readonly Choice<V>[];
  onChoose: (value: V) => void;
  /** Esc or the cancel button. */
  onCancel: () => void;
  cancelLabel: string;
  /** More content under the text (explanations of the choices, a "for all" box). */
  children?: ReactNode;
};

/**
 * A question with more than two answers (docs/domains/screens-and-forms.md#confirm-dialog has the two-answer
 * ConfirmDialog): a title, a text, the choices as buttons after Cancel, the primary one focused so Enter takes it.
 */
export function ChoiceDialog<V extends string>({
  title,
  text,
  choices,
  onChoose,
  onCancel,
  cancelLabel,
  children,
}: Props<V>) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open onClose={onCancel} aria-labelledby={titleId} aria-describedby={textId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} sx={{ overflowWrap: 'anywhere' }}>
          {text}
        </DialogContentText>
        {children}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onCancel}>{cancelLabel}</Button>
        {choices.map((choice) => (
          <Button
            key={choice.value}
            variant={choice.primary ? 'contained' : 'outlined'}
            autoFocus={choice.primary}
            onClick={() => onChoose(choice.value)}
          >
            {choice.label}
          </Button>
        ))}
      </DialogActions>
    </Dialog>
  );
}
