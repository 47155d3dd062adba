import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { CONFIG_NEW, type ConfigRow, CONFIGURATIONS, formatDate } from '@portal/contracts';

/**
 * The left menu of existing configurations (by name); the current one is highlighted. The
 * documents the portal reads carry a "checked" chip: their saves are checked against a schema.
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
      sx={{
        borderRight: { md: 1 },
        borderBottom: { xs: 1, md: 0 },
        borderColor: 'divider',
        bgcolor: 'grey.50',
        maxHeight: { xs: 240, md: 'none' },
        overflowY: 'auto',
      }}
    >
      <Typography variant="overline" color="text.secondary" sx={{ display: 'block', px: 2, pt: 1.5 }}>
        {CONFIGURATIONS.listLabel} ({rows.length})
      </Typography>
      {rows.length === 0 && !loading ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
          {CONFIGURATIONS.empty}
        </Typography>
      ) : (
        <List dense disablePadding data-testid="config-list" sx={{ px: 1, pb: 1 }}>
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
                <Chip
                  label="checked"
                  size="small"
                  title={`${row.known}: ${CONFIGURATIONS.knownHint}`}
                  variant={row.id === selectedId ? 'filled' : 'outlined'}
                  sx={{ ml: 1, height: 20, fontSize: 11, ...(row.id === selectedId ? { bgcolor: 'primary.light', color: 'inherit' } : {}) }}
                />
              )}
            </ListItemButton>
          ))}
        </List>
      )}
    </Box>
  );
}
