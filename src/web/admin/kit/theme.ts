import { createTheme } from '@mui/material/styles';
import {
  BREAKPOINTS,
  FONT_FAMILY,
  focusRing,
  palette,
  radii,
  SPACING,
  typeScale,
} from '../../design-tokens';

const SEVERITIES = ['error', 'warning', 'success', 'info'] as const;
const fromSm = `@media (min-width:${BREAKPOINTS.sm}px)`;
const heading = (step: { size: string; phone: string; weight: number }) => ({
  fontSize: step.phone,
  fontWeight: step.weight,
  lineHeight: 1.25,
  letterSpacing: 0,
  [fromSm]: { fontSize: step.size },
});

/**
 * The MUI theme of the app screens (ordering, basket, account, back office), made from the same
 * design tokens (design-tokens.ts) as the plain stylesheets of the light pages, so an MUI field,
 * button or alert looks like its plain counterpart (the primitives page, /dev/primitives/).
 */
export const theme = createTheme({
  breakpoints: { values: BREAKPOINTS },
  spacing: SPACING,
  palette: {
    primary: {
      main: palette.primary,
      light: palette.primaryLight,
      dark: palette.primaryDark,
      contrastText: palette.onPrimary,
    },
    secondary: {
      main: palette.secondary,
      light: palette.secondaryLight,
      contrastText: palette.onSecondary,
    },
    background: { default: palette.background, paper: palette.surface },
    text: { primary: palette.text, secondary: palette.textSecondary },
    divider: palette.divider,
    error: { main: palette.error },
  },
  typography: {
    fontFamily: FONT_FAMILY,
    h1: heading(typeScale.h1),
    h2: heading(typeScale.h2),
    h3: heading(typeScale.h3),
    button: { fontSize: typeScale.button.size, fontWeight: typeScale.button.weight },
  },
  shape: { borderRadius: radii.medium },
  components: {
    // Sentence case, as the site's own buttons (styles/base.css) and the booking steps' are.
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { textTransform: 'none' } },
    },
    // The keyboard focus ring of the plain controls (styles/base.css :focus-visible).
    MuiButtonBase: {
      styleOverrides: {
        root: {
          '&.Mui-focusVisible': {
            outline: `${focusRing.width}px solid ${focusRing.color}`,
            outlineOffset: focusRing.offset,
          },
        },
      },
    },
    MuiOutlinedInput: {
      styleOverrides: { notchedOutline: { borderColor: palette.outline } },
    },
    // An alert's surface and text, as the plain .alert--{severity} draws them.
    MuiAlert: {
      styleOverrides: {
        root: {
          variants: SEVERITIES.map((severity) => ({
            props: { variant: 'standard', severity },
            style: {
              color: palette[`${severity}Text`],
              backgroundColor: palette[`${severity}Surface`],
            },
          })),
        },
      },
    },
    MuiSkeleton: {
      styleOverrides: { root: { backgroundColor: palette.skeleton } },
    },
  },
});
