// Uploads an image from the editor: a file (JPEG, PNG, WebP or AVIF, at most 8 MB) and its
// required alt text; the server stores webp variants and answers the URL and the Markdown.
// Used for images in the body and for the featured image alike.
import { Button, Stack, TextField, Typography } from '@mui/material'
import { useId, useRef, useState } from 'react'
import { errorMessage } from '../common/hooks.ts'
import { postsApi, type UploadedImage } from './api.ts'

export function ImageUpload({ label, onUploaded, testId }: { label: string; onUploaded: (image: UploadedImage) => void; testId: string }) {
  const id = useId()
  const fileRef = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<File | null>(null)
  const [alt, setAlt] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState('')

  const upload = async () => {
    const local: Record<string, string> = {}
    if (!file) local.file = 'Choose an image file (JPEG, PNG, WebP or AVIF).'
    if (!alt.trim()) local.alt = 'Describe the image for people who cannot see it (alt text).'
    setErrors(local)
    if (Object.keys(local).length) return
    setBusy(true)
    setDone('')
    try {
      const image = await postsApi.uploadImage(file!, alt.trim())
      onUploaded(image)
      setDone(`Uploaded: ${image.width}×${image.height}, ${image.variants.length} webp size(s).`)
      setFile(null)
      setAlt('')
      if (fileRef.current) fileRef.current.value = ''
    } catch (e) {
      const body = (e as { body?: { errors?: Record<string, string> } }).body
      setErrors(body?.errors ?? { file: errorMessage(e, 'The upload failed.') })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Stack spacing={1} component="fieldset" sx={{ border: '1px solid', borderColor: 'divider', borderRadius: 1, p: 1.5, m: 0 }} data-testid={testId}>
      <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
        {label}
      </Typography>
      <label htmlFor={`${id}-file`}>
        <Typography variant="body2" component="span">
          Image file (JPEG, PNG, WebP or AVIF, at most 8 MB)
        </Typography>
      </label>
      <input
        id={`${id}-file`}
        ref={fileRef}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/avif"
        aria-invalid={Boolean(errors.file)}
        aria-describedby={errors.file ? `${id}-file-error` : undefined}
        onChange={(e) => setFile(e.target.files?.[0] ?? null)}
      />
      {errors.file && (
        <Typography id={`${id}-file-error`} variant="body2" color="error" role="alert">
          {errors.file}
        </Typography>
      )}
      <TextField
        id={`${id}-alt`}
        size="small"
        label="Alt text (required)"
        value={alt}
        onChange={(e) => setAlt(e.target.value)}
        error={Boolean(errors.alt)}
        helperText={errors.alt ?? 'What the image shows, for people who cannot see it.'}
      />
      <Stack direction="row" spacing={1} alignItems="center">
        <Button variant="outlined" onClick={() => void upload()} disabled={busy}>
          {busy ? 'Uploading…' : 'Upload'}
        </Button>
        <Typography variant="body2" role="status">
          {done}
        </Typography>
      </Stack>
    </Stack>
  )
}
