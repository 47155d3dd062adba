import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import FirstPage from '@mui/icons-material/FirstPage';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { LLG_TEXT } from '@portal/contracts';

/** First, previous and next page of a paged grid (2.7: page size 10); `page` is zero-based. */
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage(page: number): void }) {
  const button = (label: string, target: number, disabled: boolean, icon: React.ReactNode, testId: string) => (
    <Tooltip title={label}>
      <span>
        <IconButton size="small" aria-label={label} disabled={disabled} onClick={() => onPage(target)} data-testid={testId}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 2 }}>
      {button(LLG_TEXT.firstPage, 0, page === 0, <FirstPage fontSize="small" />, 'page-first')}
      {button(LLG_TEXT.previousPage, page - 1, page === 0, <ChevronLeft fontSize="small" />, 'page-previous')}
      {button(LLG_TEXT.nextPage, page + 1, page + 1 >= pages, <ChevronRight fontSize="small" />, 'page-next')}
    </span>
  );
}
