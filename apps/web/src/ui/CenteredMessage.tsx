import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type Props = { title: string; text?: string; action?: ReactNode };

/** A page-level message: a heading, an explanation and an optional action (error pages). */
export function CenteredMessage({ title, text, action }: Props) {
  return (
    <Box sx={{ textAlign: 'center', px: 2, py: { xs: 6, sm: 10 } }}>
      <Typography component="h1" gutterBottom sx={{ typography: { xs: 'h4', sm: 'h3' } }}>
        {title}
      </Typography>
      {text && <Typography color="text.secondary">{text}</Typography>}
      {action && <Box sx={{ mt: 4 }}>{action}</Box>}
    </Box>
  );
}
