/** Business constants that more than one side uses (each page of docs/domains lists its own). */
export const TOKEN_REFRESH_MARGIN_MS = 5_000;
export const TOAST_DURATION_MS = 5_000;
export const UNREAD_COUNT_POLL_MS = 60_000;
export const ONBOARDING_IDS = ['HOME', 'USUARIO_EDICAO', 'GRUPO_USUARIO'] as const;
export type OnboardingId = (typeof ONBOARDING_IDS)[number];
export const THEMES = [
  'orange',
  'wingo',
  'yellow',
  'blueGrey',
  'black',
  'redLight',
  'green',
  'deepBlack',
  'blackOrange',
  'lightOrange',
  'blueLight',
  'deepBlue',
  'micBlue',
  'greyLight',
  'blueOcean',
  'shallowBlue',
  'bajaj',
] as const;
export type Theme = (typeof THEMES)[number];
/** Primary colour of each theme variant: the web's MUI theme and the provider's pages use the same. */
export const THEME_PRIMARY: Record<Theme, string> = {
  orange: '#f57c00',
  wingo: '#00a3e0',
  yellow: '#f9a825',
  blueGrey: '#546e7a',
  black: '#212121',
  redLight: '#e57373',
  green: '#2e7d32',
  deepBlack: '#000000',
  blackOrange: '#ff6f00',
  lightOrange: '#ffb74d',
  blueLight: '#4fc3f7',
  deepBlue: '#0d47a1',
  micBlue: '#1565c0',
  greyLight: '#9e9e9e',
  blueOcean: '#0277bd',
  shallowBlue: '#64b5f6',
  bajaj: '#005baa',
};
/** The primary colour of a theme name from the server, the default for an unknown one. */
export const themePrimary = (theme: string | null | undefined): string =>
  THEME_PRIMARY[(theme ?? '') as Theme] ?? THEME_PRIMARY.blueOcean;
export const ERROR_COLOR = '#e6433f';
/** Stable error codes carried in GraphQL `extensions.code` (docs/domains/api.md#error-codes). */
export const ERROR_CODES = ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'BAD_USER_INPUT', 'CONFLICT'] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
/**
 * The page sizes of the shared list, the first being the default (docs/domains/screens-and-forms.md#lists).
 * The library keeps its own 5/10/15.
 */
export const LIST_PAGE_SIZES = [10, 25, 50] as const;
export const LIST_DEFAULT_PAGE_SIZE = LIST_PAGE_SIZES[0];
