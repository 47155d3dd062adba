import ContentCopy from '@mui/icons-material/ContentCopy';
import Description from '@mui/icons-material/Description';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import MoreVert from '@mui/icons-material/MoreVert';
import Visibility from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { DATA_FORM_EDITOR } from '@portal/contracts/dataForms/editorMessages';
import { FORM_OBJECTS } from '@portal/contracts/dataForms/schemas';
import type { DataFormRow } from '@portal/contracts/dataForms/schemas';

/**
 * The left side (administration document 2): a search box (name contains, any case) and the
 * saved forms grouped by form object, each group expandable, each form with a menu of Show
 * Form and Copy Form.
 */
export function FormNavigation({
  forms,
  loading,
  currentId,
  onShow,
  onCopy,
}: {
  forms: readonly DataFormRow[];
  loading: boolean;
  currentId: number | undefined;
  onShow(form: DataFormRow): void;
  onCopy(form: DataFormRow): void;
}) {
  const [search, setSearch] = useState('');
  const [closed, setClosed] = useState<Set<string>>(() => new Set());
  const [menu, setMenu] = useState<{ anchor: HTMLElement; form: DataFormRow } | null>(null);
  const groups = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const shown = forms.filter((f) => f.name.toLowerCase().includes(needle));
    const order = FORM_OBJECTS.map((c) => c.value as string);
    const objects = [...new Set(shown.map((f) => f.formObject))].sort((a, b) => rank(order, a) - rank(order, b) || a.localeCompare(b));
    return objects.map((object) => ({
      object,
      forms: shown.filter((f) => f.formObject === object).sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' })),
    }));
  }, [forms, search]);
  const searching = search.trim() !== '';
  const toggle = (object: string) =>
    setClosed((previous) => {
      const next = new Set(previous);
      if (next.has(object)) next.delete(object);
      else next.add(object);
      return next;
    });

  return (
    <Box
      component="nav"
      aria-label={DATA_FORM_EDITOR.navigation}
      data-testid="form-navigation"
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
    >
      <Box sx={{ p: 1.5, pb: 1 }}>
        <TextField
          size="small"
          type="search"
          fullWidth
          label={DATA_FORM_EDITOR.search}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'form-search' } }}
        />
      </Box>
      <Box sx={{ height: 4 }}>{loading && <LinearProgress />}</Box>
      <List dense disablePadding sx={{ overflow: 'auto', flex: 1 }}>
        {groups.map(({ object, forms: inGroup }) => {
          const open = searching || !closed.has(object);
          return (
            <Box component="li" key={object} sx={{ listStyle: 'none' }} data-testid={`form-group-${object}`}>
              <ListItemButton onClick={() => toggle(object)} aria-expanded={open} sx={{ py: 0.5 }}>
                <ListItemText
                  primary={object}
                  secondary={String(inGroup.length)}
                  slotProps={{
                    primary: { variant: 'overline', sx: { lineHeight: 1.6, fontWeight: 600 } },
                    secondary: { component: 'span', sx: { ml: 1 } },
                  }}
                  sx={{ display: 'flex', alignItems: 'baseline', my: 0 }}
                />
                {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
              </ListItemButton>
              <Collapse in={open} unmountOnExit>
                <List dense disablePadding>
                  {inGroup.map((form) => (
                    <ListItemButton
                      key={form.id}
                      selected={form.id === currentId}
                      onClick={() => onShow(form)}
                      data-testid="form-nav-item"
                      data-form-id={form.id}
                      sx={{ pl: 2, pr: 0.5 }}
                    >
                      <ListItemIcon sx={{ minWidth: 30 }}>
                        <Description fontSize="small" color="action" />
                      </ListItemIcon>
                      <ListItemText
                        primary={form.name}
                        secondary={`${form.formType} · ${DATA_FORM_EDITOR.fieldCount(form.fieldCount)}`}
                        slotProps={{ primary: { noWrap: true, title: form.name }, secondary: { noWrap: true } }}
                      />
                      <IconButton
                        size="small"
                        aria-label={`Actions of ${form.name}`}
                        aria-haspopup="menu"
                        data-testid="form-nav-menu"
                        onClick={(e) => {
                          e.stopPropagation();
                          setMenu({ anchor: e.currentTarget, form });
                        }}
                      >
                        <MoreVert fontSize="small" />
                      </IconButton>
                    </ListItemButton>
                  ))}
                </List>
              </Collapse>
            </Box>
          );
        })}
        {!loading && groups.length === 0 && (
          <Typography component="li" color="text.secondary" variant="body2" sx={{ p: 2, listStyle: 'none' }}>
            {DATA_FORM_EDITOR.noForms}
          </Typography>
        )}
      </List>
      <Menu anchorEl={menu?.anchor} open={Boolean(menu)} onClose={() => setMenu(null)}>
        <MenuItem
          data-testid="show-form"
          onClick={() => {
            if (menu) onShow(menu.form);
            setMenu(null);
          }}
        >
          <ListItemIcon>
            <Visibility fontSize="small" />
          </ListItemIcon>
          {DATA_FORM_EDITOR.showForm}
        </MenuItem>
        <MenuItem
          data-testid="copy-form"
          onClick={() => {
            if (menu) onCopy(menu.form);
            setMenu(null);
          }}
        >
          <ListItemIcon>
            <ContentCopy fontSize="small" />
          </ListItemIcon>
          {DATA_FORM_EDITOR.copyForm}
        </MenuItem>
      </Menu>
    </Box>
  );
}

const rank = (order: string[], value: string) => {
  const i = order.indexOf(value);
  return i < 0 ? order.length : i;
};
