/**
 * Tooltip timings for touch screens (issue 17 point 10): a tooltip opens only on a press held half a second and
 * closes one second after the finger lifts, so a tap on an icon button never leaves one standing on the screen.
 * Spread into every MUI Tooltip of the portal.
 */
export const TOUCH_TOOLTIP = { enterTouchDelay: 500, leaveTouchDelay: 1000 } as const;
