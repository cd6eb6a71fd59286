/** Business constants of SPEC §9 that more than one side uses. */
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
export const ERROR_COLOR = '#e6433f';
/** Stable error codes carried in GraphQL `extensions.code` (DESIGN §4). */
export const ERROR_CODES = ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'BAD_USER_INPUT', 'CONFLICT'] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
