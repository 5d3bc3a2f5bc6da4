// The compose form of a social post (issue 15; decisions 181, 183), for Compose and Edit alike:
// the post's text, link, image with alt text and first comment, the accounts, and one section per
// chosen account with that network's variant: its own text (empty: the post's), a live character
// count against the network's limit, the network's checks, and its first comment where the network
// has one. The server checks again on save; its messages (`variants.N.text`, …) land on the
// variant's own fields because the form's `variants` follow the accounts' order, as sent.
import { useEffect, useId, useRef, useState } from 'react'
import {
  AutocompleteArrayInput,
  Create,
  Edit,
  ReferenceArrayInput,
  SelectInput,
  SimpleForm,
  TextInput,
  required,
  useRecordContext,
  type RaRecord,
} from 'react-admin'
import { useFormContext, useFormState, useWatch } from 'react-hook-form'
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material'
import {
  NETWORK_LIMITS,
  RECURRENCES,
  SOCIAL_IMAGE_MAX_BYTES,
  SOCIAL_IMAGE_TYPES,
  countChars,
  validateVariant,
  variantText,
  type Network,
} from '../../shared/social.ts'
import { apiUrl, httpClient } from '../dataProvider.ts'
import { errorMessage } from '../common/hooks.ts'

type Account = { id: number; network: Network; name: string }
type VariantValue = { account_id: number; text?: string; first_comment?: string }
type ImageInfo = { id: number; type: string; bytes: number }

/** Posts in these states can still change (the server's own rule). */
export const EDITABLE_STATUSES = ['draft', 'pending_approval', 'scheduled', 'failed']

const sameIds = (a: number[], b: number[]) => a.length === b.length && a.every((x, i) => x === b[i])

/** What the API takes: the form's fields, and one variant per chosen account in the accounts' order. */
export function toPostBody(data: Record<string, unknown>): Record<string, unknown> {
  const ids = ((data.account_ids as number[] | undefined) ?? []).map(Number)
  const given = (data.variants as VariantValue[] | undefined) ?? []
  return {
    title: data.title ?? '',
    text: data.text ?? '',
    link_url: data.link_url ?? '',
    image_id: data.image_id ?? null,
    image_alt: data.image_alt ?? '',
    first_comment: data.first_comment ?? '',
    recurrence: data.recurrence ?? 'none',
    variants: ids.map((account_id) => {
      const v = given.find((g) => Number(g.account_id) === account_id)
      return { account_id, text: v?.text ?? '', first_comment: v?.first_comment ?? '' }
    }),
  }
}

function useAccounts() {
  const [accounts, setAccounts] = useState<Account[]>([])
  useEffect(() => {
    httpClient(`${apiUrl}/social-accounts?range=[0,99]`).then(
      ({ json }) => setAccounts(json as Account[]),
      () => setAccounts([]),
    )
  }, [])
  return accounts
}

/** Keeps the form's `variants` in the order of the chosen accounts (kept accounts keep their text). */
function VariantsFollowAccounts() {
  const ids = ((useWatch({ name: 'account_ids' }) as number[] | undefined) ?? []).map(Number)
  const { getValues, setValue } = useFormContext()
  const key = ids.join(',')
  useEffect(() => {
    const current = ((getValues('variants') as VariantValue[] | undefined) ?? []).map((v) => ({ ...v, account_id: Number(v.account_id) }))
    if (
      sameIds(
        current.map((v) => v.account_id),
        ids,
      )
    )
      return
    const next = ids.map((account_id) => current.find((v) => v.account_id === account_id) ?? { account_id, text: '', first_comment: '' })
    setValue('variants', next, { shouldDirty: true })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key])
  return null
}

/** The post's image: upload (type and size checked by the server) and its alt text. */
function PostImage({ onImage }: { onImage: (image: ImageInfo | null) => void }) {
  const record = useRecordContext()
  const { setValue } = useFormContext()
  const imageId = useWatch({ name: 'image_id' }) as number | null | undefined
  const { errors } = useFormState({ name: ['image_id'] })
  const [info, setInfo] = useState<ImageInfo | null>((record?.image as ImageInfo | null | undefined) ?? null)
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const fileRef = useRef<HTMLInputElement>(null)
  const id = useId()
  useEffect(() => onImage(imageId ? info : null), [imageId, info, onImage])
  const upload = async (file: File | undefined) => {
    setError('')
    if (!file) return
    if (file.size > SOCIAL_IMAGE_MAX_BYTES) {
      setError('The image is larger than 10 MB: export it smaller and choose it again.')
      return
    }
    setBusy(true)
    try {
      const { json } = await httpClient(`${apiUrl}/social-media/images`, {
        method: 'POST',
        body: file,
        headers: { 'Content-Type': file.type || 'application/octet-stream' },
      })
      const uploaded = json as ImageInfo
      setInfo(uploaded)
      setValue('image_id', uploaded.id, { shouldDirty: true })
    } catch (e) {
      setError(errorMessage(e, 'The upload failed.'))
    } finally {
      setBusy(false)
    }
  }
  const serverError = (errors.image_id?.message as string | undefined) ?? ''
  return (
    <Box component="fieldset" sx={{ border: '1px solid', borderColor: 'divider', borderRadius: 1, p: 1.5, m: 0, mb: 2, width: '100%' }}>
      <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
        Image (all variants)
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }}>
        <label htmlFor={`${id}-file`}>
          <Typography variant="body2" component="span">
            Image file (JPEG, PNG, GIF or WebP, at most 10 MB)
          </Typography>
        </label>
        <input
          id={`${id}-file`}
          ref={fileRef}
          type="file"
          accept={SOCIAL_IMAGE_TYPES.join(',')}
          disabled={busy}
          aria-invalid={Boolean(error || serverError)}
          aria-describedby={error || serverError ? `${id}-error` : undefined}
          onChange={(e) => void upload(e.target.files?.[0])}
        />
        {imageId ? (
          <Button
            size="small"
            onClick={() => {
              setValue('image_id', null, { shouldDirty: true })
              setInfo(null)
              if (fileRef.current) fileRef.current.value = ''
            }}
          >
            Remove the image
          </Button>
        ) : null}
      </Stack>
      {imageId && info ? (
        <Typography variant="body2" sx={{ mt: 1 }}>
          Image {info.id}: {info.type.replace('image/', '').toUpperCase()}, {(info.bytes / 1024).toFixed(0)} KB.
        </Typography>
      ) : null}
      {(error || serverError) && (
        <Typography id={`${id}-error`} color="error" variant="body2" role="alert" sx={{ mt: 1 }}>
          {error || serverError}
        </Typography>
      )}
      {imageId ? (
        <TextInput source="image_alt" label="Alt text of the image" fullWidth multiline helperText="What the image shows, for people using screen readers." />
      ) : null}
    </Box>
  )
}

/** One chosen account's variant: text override with its live count, the network's checks, first comment. */
function VariantSection({ index, account, image }: { index: number; account: Account; image: ImageInfo | null }) {
  const postText = (useWatch({ name: 'text' }) as string | undefined) ?? ''
  const link = (useWatch({ name: 'link_url' }) as string | undefined) ?? ''
  const postComment = (useWatch({ name: 'first_comment' }) as string | undefined) ?? ''
  const imageAlt = (useWatch({ name: 'image_alt' }) as string | undefined) ?? ''
  const own = (useWatch({ name: `variants.${index}.text` }) as string | undefined) ?? ''
  const ownComment = (useWatch({ name: `variants.${index}.first_comment` }) as string | undefined) ?? ''
  const { errors } = useFormState()
  const limits = NETWORK_LIMITS[account.network]
  const sampleLink = link.trim() ? `${window.location.origin}/s/xxxxxxxx` : null
  const posted = variantText(postText, own, sampleLink)
  const chars = countChars(account.network, posted)
  const over = chars - limits.maxChars
  const problems = validateVariant(account.network, {
    text: posted,
    images: image ? [{ bytes: image.bytes, type: image.type, alt: imageAlt }] : [],
    firstComment: ownComment.trim() || postComment,
  })
  const variantErrors = (errors.variants as unknown as Array<Record<string, { message?: string }>> | undefined)?.[index]
  const otherServerErrors = ['images', 'account_id'].map((f) => variantErrors?.[f]?.message).filter(Boolean) as string[]
  const headingId = `social-compose-variant-${account.id}`
  const countId = `social-compose-count-${account.id}`
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} sx={{ mb: 2, width: '100%' }}>
      <CardContent>
        <Typography variant="subtitle1" component="h3" id={headingId}>
          {limits.label} variant: {account.name}
        </Typography>
        <TextInput
          source={`variants.${index}.text`}
          label={`Text for ${limits.label} (empty: the post’s text)`}
          multiline
          minRows={2}
          fullWidth
          helperText={false}
          slotProps={{ htmlInput: { 'aria-describedby': countId } }}
        />
        <Typography id={countId} variant="body2" color={over > 0 ? 'error' : 'text.secondary'} aria-live="polite" sx={{ mb: 1 }}>
          {chars} of {limits.maxChars} characters
          {account.network === 'x' ? ' (X counts each link as 23)' : ''}
          {over > 0 ? `: ${over} too many.` : '.'}
          {sampleLink ? ' The short link is counted.' : ''}
        </Typography>
        {limits.firstComment ? (
          <TextInput
            source={`variants.${index}.first_comment`}
            label={`First comment on ${limits.label} (empty: the post’s)`}
            multiline
            fullWidth
            helperText={false}
          />
        ) : (
          <Typography variant="body2" sx={{ mb: 1 }}>
            {limits.label} has no first comment: the post’s first comment is not used here.
          </Typography>
        )}
        <Typography variant="body2" component="p" aria-live="polite">
          <strong>{limits.label} check:</strong> {problems.length ? problems.map((p) => p.message).join(' ') : 'accepted.'}
        </Typography>
        {otherServerErrors.map((m) => (
          <Alert key={m} severity="error" role="alert" sx={{ mt: 1 }}>
            {m}
          </Alert>
        ))}
      </CardContent>
    </Card>
  )
}

function Variants({ accounts, image }: { accounts: Account[]; image: ImageInfo | null }) {
  const ids = ((useWatch({ name: 'account_ids' }) as number[] | undefined) ?? []).map(Number)
  const variants = ((useWatch({ name: 'variants' }) as VariantValue[] | undefined) ?? []).map((v) => Number(v.account_id))
  const { errors } = useFormState()
  const listError = (errors.variants as { message?: string } | undefined)?.message
  if (!ids.length)
    return (
      <Typography variant="body2" sx={{ mb: 2 }}>
        Choose accounts: each gets its own variant, checked against its network’s limits.
      </Typography>
    )
  // Sections render once `variants` follows the accounts (index i is account ids[i], as the server numbers them).
  const ready = sameIds(variants, ids)
  return (
    <Box sx={{ width: '100%' }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Variants per network
      </Typography>
      {listError && typeof listError === 'string' && (
        <Alert severity="error" role="alert" sx={{ mb: 1 }}>
          {listError}
        </Alert>
      )}
      {ready &&
        ids.map((accountId, i) => {
          const account = accounts.find((a) => a.id === accountId)
          return account ? <VariantSection key={accountId} index={i} account={account} image={image} /> : null
        })}
    </Box>
  )
}

function PostFields() {
  const accounts = useAccounts()
  const [image, setImage] = useState<ImageInfo | null>(null)
  return (
    <>
      <TextInput source="title" validate={required()} helperText="For staff: how the post appears in the queue." fullWidth />
      <TextInput source="text" multiline minRows={4} fullWidth helperText="Put {link} where the short link goes; without it the link is added at the end." />
      <TextInput
        source="link_url"
        label="Link"
        fullWidth
        helperText="A path of the site (/blog/…) or a full https:// address: it becomes a /s/ short link with UTM parameters."
      />
      <TextInput
        source="first_comment"
        label="First comment"
        multiline
        fullWidth
        helperText="Used by every network that has first comments, unless its variant has its own."
      />
      <PostImage onImage={setImage} />
      <SelectInput source="recurrence" choices={RECURRENCES.map((r) => ({ id: r, name: r }))} />
      <ReferenceArrayInput source="account_ids" reference="social-accounts">
        <AutocompleteArrayInput
          label="Accounts"
          optionText={(r: RaRecord) => `${NETWORK_LIMITS[r.network as Network]?.label ?? r.network}: ${r.name}`}
          validate={required()}
        />
      </ReferenceArrayInput>
      <VariantsFollowAccounts />
      <Variants accounts={accounts} image={image} />
    </>
  )
}

export function SocialPostCreate() {
  return (
    <Create transform={toPostBody} redirect="show" title="Compose a social post">
      <SimpleForm defaultValues={{ recurrence: 'none', text: '', link_url: '', first_comment: '', image_alt: '', image_id: null, variants: [] }}>
        <PostFields />
      </SimpleForm>
    </Create>
  )
}

function EditForm() {
  const record = useRecordContext()
  if (!record) return null
  if (!EDITABLE_STATUSES.includes(String(record.status)))
    return (
      <Alert severity="info" sx={{ m: 2 }}>
        This post is {String(record.status)}: it can no longer change.
      </Alert>
    )
  return (
    <SimpleForm>
      <PostFields />
    </SimpleForm>
  )
}

export function SocialPostEdit() {
  return (
    <Edit
      mutationMode="pessimistic"
      redirect="show"
      title="Edit a social post"
      transform={toPostBody}
      queryOptions={{
        select: (record: RaRecord) => ({
          ...record,
          account_ids: ((record.variants as VariantValue[] | undefined) ?? []).map((v) => Number(v.account_id)),
          variants: ((record.variants as VariantValue[] | undefined) ?? []).map((v) => ({
            account_id: Number(v.account_id),
            text: v.text ?? '',
            first_comment: v.first_comment ?? '',
          })),
        }),
      }}
    >
      <EditForm />
    </Edit>
  )
}
