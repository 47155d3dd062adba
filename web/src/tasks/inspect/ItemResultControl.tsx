import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useId } from 'react';
import { ITEM_RESULTS, type ItemResult } from '@portal/contracts';
import { TASK_UI } from '../texts';

const COLORS: Record<ItemResult, 'success' | 'error' | 'standard'> = { pass: 'success', fail: 'error', na: 'standard' };

/**
 * An item's result: pass, fail or not applicable (DECISIONS 8); rolls up to the task's result on
 * the server. A second tap keeps the choice; 'Clear result' removes it (keys 1, 2, 3 in NodeEditor).
 */
export function ItemResultControl({
  value,
  onChange,
  disabled,
  lockedFail,
}: {
  value: ItemResult | null;
  onChange(value: ItemResult | null): void;
  disabled: boolean;
  /** Why the result is Fail whatever is chosen (a result field of the form failed). */
  lockedFail?: string;
}) {
  const labelId = useId();
  return (
    <FormControl component="fieldset" disabled={disabled}>
      <FormLabel component="legend" id={labelId} sx={{ mb: 0.5, fontSize: 14 }}>
        {TASK_UI.result}
      </FormLabel>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={value}
        // A second tap on the chosen result keeps it (clearing it silently lost the answer).
        onChange={(_, next: ItemResult | null) => next !== null && onChange(next)}
        aria-labelledby={labelId}
        disabled={disabled}
        sx={{ display: { xs: 'flex', sm: 'inline-flex' } }}
      >
        {ITEM_RESULTS.map((result) => (
          <ToggleButton
            key={result}
            value={result}
            color={COLORS[result]}
            disabled={lockedFail !== undefined && result !== 'fail'}
            // The chosen result's text one shade darker: red on its light red passes the 4.5:1 contrast.
            sx={{
              minWidth: 72,
              px: 2,
              fontWeight: 600,
              flex: { xs: 1, sm: 'none' },
              '&.Mui-selected': { color: COLORS[result] === 'standard' ? 'text.primary' : `${COLORS[result]}.dark` },
            }}
            data-testid={`item-result-${result}`}
          >
            {TASK_UI.results[result]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {value !== null && !lockedFail && !disabled && (
        <Button
          size="small"
          color="inherit"
          onClick={() => onChange(null)}
          sx={{ alignSelf: 'flex-start', mt: 0.5 }}
          data-testid="item-result-clear"
        >
          {TASK_UI.clearResult}
        </Button>
      )}
      {lockedFail && (
        <FormHelperText error data-testid="result-locked">
          {lockedFail}
        </FormHelperText>
      )}
    </FormControl>
  );
}
