import Box from '@mui/material/Box';

/** The one-line address: cut with an ellipsis in the table, whole in the tooltip and the CSV. */
export function AddressCell({ address }: { address: string }) {
  return (
    <Box component="span" title={address} sx={{ display: 'block', maxWidth: 380, overflow: 'hidden', textOverflow: 'ellipsis' }}>
      {address}
    </Box>
  );
}

export function EmptyList({ text }: { text: string }) {
  return <div style={{ padding: 32, textAlign: 'center', color: '#6b7280' }}>{text}</div>;
}
