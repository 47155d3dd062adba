import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { can, PROFILE, type ProfileAnswer, ProfileBody, QUALIFICATIONS_MAX, roleLabel } from '@portal/contracts';
import { errorText, fieldErrors } from '../common/adminFlow';
import { PageHeader } from '../common/PageHeader';
import { SchemaForm } from '../common/SchemaForm';
import type { ScreenProps } from '../common/screen';
import { useAlert, useLoadErrorAlert } from '../common/useAlert';
import { useSession } from '../session/SessionContext';
import { SignatureField } from '../users/SignatureField';
import { loadProfile, ownSignatureApi, PROFILE_KEY, saveProfile } from './api';
import { RemindersSection } from './RemindersSection';

/**
 * My profile (ours; DECISIONS 9): what certificates print of the people who sign them. Name,
 * e-mail and role as the account has them (read only), the qualifications printed under one's
 * name (saved with the form) and the signature (saved at once; removing it asks first). Every
 * role may open it; approval is refused while the approver has no signature here.
 */
export default function ProfilePage({ title, crumbs }: ScreenProps) {
  const { role } = useSession();
  const approver = can(role, 'tasks.approve');
  const queryClient = useQueryClient();
  const profile = useQuery({ queryKey: PROFILE_KEY, queryFn: loadProfile });
  useLoadErrorAlert(profile.error, PROFILE.loadError);
  const update = (next: Partial<ProfileAnswer>) =>
    queryClient.setQueryData<ProfileAnswer>(PROFILE_KEY, (old) => (old ? { ...old, ...next } : old));

  return (
    <Box sx={{ maxWidth: 760 }}>
      <PageHeader crumbs={crumbs} title={title} />
      {!profile.data ? (
        profile.isPending && <CircularProgress size={24} aria-label="Loading" />
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Section title={PROFILE.account}>
            <Box
              component="dl"
              data-testid="profile-account"
              sx={{
                m: 0,
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
                gap: 2,
                '& dd': { m: 0, overflowWrap: 'anywhere' },
              }}
            >
              <Fact label={PROFILE.name} value={profile.data.name} testId="profile-name" />
              <Fact label={PROFILE.email} value={profile.data.email} testId="profile-email" />
              <Fact label={PROFILE.role} value={roleLabel(profile.data.role)} testId="profile-role" />
            </Box>
          </Section>
          <Section title={PROFILE.qualifications} flush>
            <QualificationsForm profile={profile.data} onSaved={update} />
          </Section>
          <Section title={PROFILE.signature}>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              {PROFILE.signatureHelp}
            </Typography>
            {!profile.data.signature && approver && (
              <Alert severity="warning" sx={{ mb: 1.5 }} data-testid="profile-signature-needed">
                {PROFILE.approverNeedsSignature}
              </Alert>
            )}
            <SignatureField
              api={ownSignatureApi}
              blobKey={profile.data.signature}
              onChange={(signature) => update({ signature })}
              confirmRemove
              removeText={approver ? PROFILE.removeTextApprover : PROFILE.removeText}
              label={PROFILE.currentSignature}
              deleteLabel={PROFILE.removeSignature}
            />
          </Section>
          <RemindersSection />
        </Box>
      )}
    </Box>
  );
}

/** A card with a heading; `flush` leaves the padding to a form whose footer reaches the edges. */
function Section({ title, flush = false, children }: { title: string; flush?: boolean; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <Box sx={{ px: 2.5, pt: 2, pb: flush ? 2 : 2.5 }}>
        <Typography variant="h6" component="h2" sx={{ fontSize: 17, mb: 1.5 }}>
          {title}
        </Typography>
        {children}
      </Box>
    </Card>
  );
}

function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body1" data-testid={testId}>
        {value}
      </Typography>
    </div>
  );
}

/** The fields of the form: the qualifications only, by the server's own schema. */
const FormSchema = ProfileBody.pick({ qualifications: true });

/**
 * Qualifications, validated by the contracts' ProfileBody (at most 200 characters, one message
 * for the web and the server). Cancel puts back what is saved; a save remounts the form with
 * the saved text, so it is no longer dirty.
 */
function QualificationsForm({ profile, onSaved }: { profile: ProfileAnswer; onSaved(next: ProfileAnswer): void }) {
  const alert = useAlert();
  const [generation, setGeneration] = useState(0);
  const submit = async (values: ProfileBody) => {
    try {
      const { message, ...saved } = await saveProfile(values);
      onSaved(saved);
      setGeneration((n) => n + 1);
      alert.success(message);
      return undefined;
    } catch (error) {
      alert.saveError(errorText(error, PROFILE.saveError));
      return fieldErrors(error);
    }
  };
  return (
    <SchemaForm
      key={generation}
      schema={FormSchema}
      record={{ qualifications: profile.qualifications ?? '' }}
      onSubmit={submit}
      onCancel={() => setGeneration((n) => n + 1)}
      finishing={false}
      saveTestId="profile-save"
      requireChanges
    >
      <TextInput
        source="qualifications"
        label={PROFILE.qualifications}
        multiline
        minRows={2}
        helperText={<QualificationsHelp />}
        slotProps={{ htmlInput: { 'data-testid': 'profile-qualifications' } }}
      />
    </SchemaForm>
  );
}

/** The field's help and how much of the 200 characters is used. */
function QualificationsHelp() {
  const text = (useWatch({ name: 'qualifications' }) as string | null | undefined) ?? '';
  return (
    <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <span>{PROFILE.qualificationsHelp}</span>
      <span aria-hidden>
        {text.length}/{QUALIFICATIONS_MAX}
      </span>
    </Box>
  );
}
