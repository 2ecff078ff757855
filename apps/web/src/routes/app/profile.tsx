import { UserAvatar } from '../../app/shell/user-avatar';
import { Card } from '../../components/ui/card';
import { PageHeading } from '../../components/ui/page-heading';
import { LoadError } from '../../components/ui/query-state';
import { Skeleton } from '../../components/ui/skeleton';
import { useOAuthProviders } from '../../features/auth/api/get-oauth-providers';
import { useMe } from '../../features/profile/api/get-me';
import { AvatarSection } from '../../features/profile/components/avatar-section';
import { LinkedProviders } from '../../features/profile/components/linked-providers';
import { PasswordForm } from '../../features/profile/components/password-form';
import { ProfileForm } from '../../features/profile/components/profile-form';

function ProfileSkeleton() {
  return (
    <div role="status" aria-label="Loading your profile" className="space-y-6">
      <Skeleton className="h-56 rounded-xl" />
      <Skeleton className="h-72 rounded-xl" />
      <Skeleton className="h-40 rounded-xl" />
    </div>
  );
}

/** `/app/profile` and `/app/settings/profile`: the signed-in user's own account, across projects. */
export function Component() {
  const me = useMe();
  // The instance's providers name the linked ones and say which could be linked; without them the list still works.
  const providers = useOAuthProviders();

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeading
        title="Profile"
        description="Your account in every project: how others see you, and how you sign in."
      />
      {me.isPending ? <ProfileSkeleton /> : null}
      {me.isError ? (
        <LoadError title="We could not load your profile." error={me.error} onRetry={() => me.refetch()} />
      ) : null}
      {me.isSuccess ? (
        <>
          <Card title="Your details" description="Your picture and name appear beside your work in every project.">
            <div className="space-y-6">
              <AvatarSection
                avatar={<UserAvatar user={me.data} size="lg" />}
                hasPicture={me.data.avatar_url !== null}
              />
              <ProfileForm me={me.data} />
            </div>
          </Card>
          <Card
            title={me.data.has_password ? 'Password' : 'Set a password'}
            description={
              me.data.has_password
                ? 'Change the password you sign in with.'
                : 'You sign in through a provider. Set a password to sign in with your email as well.'
            }
          >
            <PasswordForm email={me.data.email} hasPassword={me.data.has_password} />
          </Card>
          <Card title="Sign-in providers" description="Accounts at other services that can sign you in.">
            <LinkedProviders
              email={me.data.email}
              hasPassword={me.data.has_password}
              offered={providers.data?.data ?? []}
            />
          </Card>
        </>
      ) : null}
    </div>
  );
}
