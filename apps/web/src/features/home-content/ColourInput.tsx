import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { type FieldProps, TextInput } from '../../ui/form/fields';

const HEX = /^#[0-9a-fA-F]{6}$/;

/**
 * A colour as '#rrggbb': the browser's colour picker beside a text field for typing the code, both
 * labelled; the picker shows black while the text is not a valid code.
 */
export function ColourInput(props: FieldProps<string>) {
  const { t } = useTranslation();
  const { label, value, onChange, onBlur, disabled, name } = props;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Box
        component="input"
        type="color"
        aria-label={t('homeContent.form.colourPicker', { label })}
        name={`${name}-picker`}
        value={HEX.test(value) ? value.toLowerCase() : '#000000'}
        disabled={disabled}
        onChange={(e) => onChange((e.target as HTMLInputElement).value)}
        onBlur={onBlur}
        sx={{
          flex: '0 0 56px',
          height: 56,
          p: 0.5,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'background.paper',
          cursor: 'pointer',
        }}
      />
      <TextInput {...props} helperText={props.helperText ?? '#rrggbb'} />
    </Stack>
  );
}
