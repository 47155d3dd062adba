import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { CONFIG_NEW, type ConfigRow, CONFIGURATIONS, formatDate } from '@portal/contracts';

/**
 * The left menu of existing configurations (by name); the current one is highlighted. The
 * documents the portal reads carry a "checked" mark: their saves are checked against a schema.
 */
export function ConfigList({
  rows,
  selectedId,
  loading,
  onSelect,
}: {
  rows: readonly ConfigRow[];
  selectedId: number;
  loading: boolean;
  onSelect(row: ConfigRow): void;
}) {
  return (
    <Box
      component="nav"
      aria-label={CONFIGURATIONS.listLabel}
      sx={(theme) => ({
        // Beside the editor on wide screens, above it on narrow ones.
        [theme.breakpoints.up('md')]: { borderRight: `1px solid ${theme.palette.divider}` },
        [theme.breakpoints.down('md')]: { borderBottom: `1px solid ${theme.palette.divider}`, maxHeight: 240 },
        bgcolor: 'grey.50',
        overflowY: 'auto',
      })}
    >
      <Typography variant="overline" color="text.secondary" sx={{ display: 'block', px: 2, pt: 1.5 }}>
        {CONFIGURATIONS.listLabel} ({rows.length})
      </Typography>
      {rows.length === 0 && !loading ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
          {CONFIGURATIONS.empty}
        </Typography>
      ) : (
        <List component="div" dense disablePadding data-testid="config-list" sx={{ px: 1, pb: 1 }}>
          {selectedId === CONFIG_NEW && (
            <ListItemButton selected sx={{ borderRadius: 1.5, mb: 0.25 }} data-testid="config-item-new">
              <ListItemText primary={CONFIGURATIONS.newConfiguration} slotProps={{ primary: { sx: { fontStyle: 'italic' } } }} />
            </ListItemButton>
          )}
          {rows.map((row) => (
            <ListItemButton
              key={row.id}
              selected={row.id === selectedId}
              aria-current={row.id === selectedId ? 'true' : undefined}
              onClick={() => onSelect(row)}
              data-testid={`config-item-${row.name}`}
              sx={{
                borderRadius: 1.5,
                mb: 0.25,
                '&.Mui-selected': { bgcolor: 'primary.main', color: 'primary.contrastText' },
                '&.Mui-selected:hover': { bgcolor: 'primary.dark' },
                '&.Mui-selected .MuiListItemText-secondary': { color: 'primary.contrastText', opacity: 0.85 },
              }}
            >
              <ListItemText
                primary={row.name}
                secondary={`Changed ${formatDate(row.modifiedDate)}`}
                slotProps={{ primary: { noWrap: true, title: row.name, sx: { fontWeight: 500 } }, secondary: { noWrap: true } }}
              />
              {row.known && (
                <Tooltip title={`${row.known}: ${CONFIGURATIONS.knownHint}`}>
                  <FactCheckOutlined
                    fontSize="small"
                    titleAccess={`${row.known}, checked on save`}
                    data-testid="config-known"
                    sx={{ ml: 1, opacity: 0.75, flexShrink: 0 }}
                  />
                </Tooltip>
              )}
            </ListItemButton>
          ))}
        </List>
      )}
    </Box>
  );
}
