import ContentCopy from '@mui/icons-material/ContentCopy';
import RestartAlt from '@mui/icons-material/RestartAlt';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { LOCATIONS } from '@portal/contracts';
import { type AddressValues, addressKeys, blankAddress, copiedAddress } from './clientForm';

/**
 * The toggle 'Copy Client Address' / 'Reset Site Address': copies the client's street, city,
 * state, country and pin into the site once, or clears them again.
 */
export function CopyAddressToggle() {
  const { getValues, setValue } = useFormContext();
  const [copied, setCopied] = useState(false);
  const toggle = () => {
    const next = copied ? blankAddress() : copiedAddress(getValues('Client') as Partial<AddressValues>);
    for (const key of addressKeys) setValue(`Site.${key}`, next[key], { shouldDirty: true, shouldValidate: true });
    setCopied(!copied);
  };
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={copied ? <RestartAlt /> : <ContentCopy />}
      onClick={toggle}
      data-testid="copy-address"
    >
      {copied ? LOCATIONS.resetSiteAddress : LOCATIONS.copyClientAddress}
    </Button>
  );
}
