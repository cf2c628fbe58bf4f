import { createTheme } from '@mui/material/styles';
import { BREAKPOINTS } from '../shared/breakpoints';

/** The site theme: a teal primary (SPEC section 9) and the spec's breakpoints. */
export const theme = createTheme({
  breakpoints: { values: BREAKPOINTS },
  palette: {
    primary: { main: '#00796b', light: '#48a999', dark: '#004c40', contrastText: '#ffffff' },
    secondary: { main: '#f57c00', contrastText: '#1b1b1b' },
    background: { default: '#f7faf9' },
  },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '2.25rem', fontWeight: 700 },
    h2: { fontSize: '1.6rem', fontWeight: 700 },
    h3: { fontSize: '1.2rem', fontWeight: 600 },
  },
  shape: { borderRadius: 8 },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
  },
});
