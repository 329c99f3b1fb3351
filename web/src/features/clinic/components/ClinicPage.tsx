import { CLINIC_ROLE_LABELS, type ClinicRole, type MyClinicResponse } from '@charta/contract';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect } from 'react';
import { ErrorState } from '@/components/feedback/ErrorState';
import { useNavigationState } from '@/components/layout/navigation-state';
import { useShellPage } from '@/components/layout/use-shell-page';
import { describeError } from '@/lib/error-message';
import { useCheckoutReturn } from '@/lib/use-checkout-return';
import { useMyClinic } from '../api/clinic';
import { managesMembers } from '../lib/clinic-rules';
import { ClinicPlanCard } from './ClinicPlanCard';
import { InvitationsCard } from './InvitationsCard';
import { LeaveOrDeleteCard } from './LeaveOrDeleteCard';
import { MembersCard } from './MembersCard';
import { SingleSignOnCard } from './SingleSignOnCard';
import { NoClinic } from './NoClinic';

// A chunk of its own (its switches, checkboxes and retention choices are 7 KB gzip the rest of the page does not
// need to paint): scripts/route-budgets.mjs.
const PoliciesCard = lazy(() => import('./PoliciesCard').then((module) => ({ default: module.PoliciesCard })));

function PoliciesLoading() {
  return (
    <Card role="status" aria-busy="true" aria-label="Loading the clinic’s policies">
      <CardContent>
        <Skeleton width="30%" height={32} />
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} width="80%" />
        ))}
      </CardContent>
    </Card>
  );
}

function Loading() {
  return (
    <Card role="status" aria-busy="true" aria-label="Loading your clinic">
      <CardContent>
        <Skeleton width="40%" height={36} />
        <Skeleton width="25%" />
        <Box sx={{ mt: 2 }}>
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} width="70%" />
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

/** What the caller's role lets them do, in a sentence (a switch: the compiler asks for a new role's). */
function roleSentence(role: ClinicRole): string {
  switch (role) {
    case 'owner':
      return 'You own this clinic: you invite and remove members, make admins, set its policies and its plan, and can hand the clinic on or delete it.';
    case 'admin':
      return 'You are an admin: you invite and remove members and set the clinic’s policies and plan.';
    case 'member':
      return 'You are a member: you share templates in the clinic library. The owner and admins manage who is in the clinic, its policies and its plan.';
  }
}

/**
 * Settings → Clinic (docs/clinics.md "Screens"): the clinician's clinic, its members and invitations, or,
 * outside one, what a clinic is and making one. What each role may do is the server's decision; the page
 * shows only the controls that role has.
 */
export function ClinicPage() {
  useShellPage('settings', 'Clinic');
  const { user } = useNavigationState();
  // Back from the clinic's checkout: re-read the clinic until Stripe's confirmation shows its plan paid.
  const checkoutReturn = useCheckoutReturn();
  const { data, error, mutate } = useMyClinic({ refreshInterval: checkoutReturn.pollMs });
  const paid = data?.clinic ? data.billing.plan === 'pro' : false;
  const { awaiting, confirm } = checkoutReturn;
  useEffect(() => {
    if (paid && awaiting) confirm();
  }, [paid, awaiting, confirm]);
  const reload = () => mutate();
  const replace = (next: MyClinicResponse) => mutate(next, { revalidate: false });

  let body;
  if (data === undefined) {
    body = error ? <ErrorState message={`Your clinic could not be loaded. ${describeError(error)}`} onRetry={() => void mutate()} /> : <Loading />;
  } else if (data.clinic === null) {
    body = <NoClinic onCreated={replace} />;
  } else {
    const { clinic, role, members, invitations, policies, singleSignOn, billing } = data;
    body = (
      <>
        <Card component="section" aria-labelledby="clinic-heading">
          <CardContent>
            <Typography id="clinic-heading" variant="h2" sx={{ overflowWrap: 'anywhere' }}>
              {clinic.name}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              Your role: {CLINIC_ROLE_LABELS[role]}
            </Typography>
            <Typography variant="body2">{roleSentence(role)}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              Members share templates in the clinic library. Each clinician’s sessions and patients stay their own: nobody in the clinic sees
              them.
            </Typography>
          </CardContent>
        </Card>
        <MembersCard members={members} myRole={role} myUid={user?.uid} onChanged={reload} />
        {managesMembers(role) && <InvitationsCard invitations={invitations} myRole={role} onChanged={reload} />}
        <ClinicPlanCard
          billing={billing}
          canManage={managesMembers(role)}
          checkoutReturn={checkoutReturn.phase}
          onCheckAgain={() => {
            checkoutReturn.checkAgain();
            void mutate();
          }}
          onDismissReturn={checkoutReturn.dismiss}
        />
        <Suspense fallback={<PoliciesLoading />}>
          <PoliciesCard policies={policies} canEdit={managesMembers(role)} onSaved={replace} />
        </Suspense>
        <SingleSignOnCard singleSignOn={singleSignOn} canEdit={managesMembers(role)} myEmail={user?.email} onSaved={replace} />
        <LeaveOrDeleteCard clinic={clinic} myRole={role} onDone={reload} />
      </>
    );
  }
  return (
    <Stack spacing={3} sx={{ maxWidth: 760 }}>
      {body}
    </Stack>
  );
}
