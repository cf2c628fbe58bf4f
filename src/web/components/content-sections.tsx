import { Fragment, type ReactNode } from 'react';
import { Box } from '@mui/material';

interface Props {
  sections: { html: string; after?: string }[];
  /** Live blocks the markdown asks for with `<!-- name -->`. */
  blocks?: Record<string, ReactNode>;
}

/** Renders a content page's markdown (trusted, built from content/) with its live blocks. */
export function ContentSections({ sections, blocks = {} }: Props) {
  return (
    <Box
      className="content"
      sx={{
        '& h2': { typography: 'h2', mt: 4, mb: 1.5, scrollMarginTop: 88 },
        '& h3': { typography: 'h3', mt: 3, mb: 1, scrollMarginTop: 88 },
        '& p, & li': { typography: 'body1', lineHeight: 1.7 },
        '& a': { color: 'primary.dark' },
        '& table': { borderCollapse: 'collapse', width: '100%', my: 2 },
        '& th, & td': { border: 1, borderColor: 'divider', p: 1, textAlign: 'left' },
      }}
    >
      {sections.map((section, i) => (
        <Fragment key={i}>
          <div dangerouslySetInnerHTML={{ __html: section.html }} />
          {section.after ? blocks[section.after] : null}
        </Fragment>
      ))}
    </Box>
  );
}
