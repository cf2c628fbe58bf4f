import { createTheme } from '@mui/material/styles';
import { BREAKPOINTS } from '../shared/breakpoints';
import { FONT_FAMILY, palette } from './palette';

/**
 * The MUI theme of the app screens (ordering, basket, account): a teal primary (SPEC section 9),
 * the spec's breakpoints, and the same colours and font as the public pages' CSS.
 */
export const theme = createTheme({
  breakpoints: { values: BREAKPOINTS },
  palette: {
    primary: {
      main: palette.primary,
      light: palette.primaryLight,
      dark: palette.primaryDark,
      contrastText: palette.onPrimary,
    },
    secondary: { main: palette.secondary, contrastText: palette.onSecondary },
    background: { default: palette.background },
    error: { main: palette.error },
  },
  typography: {
    fontFamily: FONT_FAMILY,
    h1: { fontSize: '2.25rem', fontWeight: 700 },
    h2: { fontSize: '1.6rem', fontWeight: 700 },
    h3: { fontSize: '1.2rem', fontWeight: 600 },
  },
  shape: { borderRadius: 8 },
  components: {
    // Sentence case, as the site's own buttons (styles/base.css) and the booking steps' are.
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { textTransform: 'none' } },
    },
  },
});
