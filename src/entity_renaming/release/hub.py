"""Pushing a built release to the Hugging Face hub: plan (testable, printed by ``--dry-run``), then upload."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .errors import ReleaseError
from .paths import confined
from .verify import read_release_manifest, verify_release
from .writer import MANIFEST

#: Remote files that an upload may delete when the new release no longer has them: stale shards and
#: lm-evaluation-harness task files of configs or groups the release dropped.
DELETE_PATTERNS = ["*/*.parquet", "*.parquet", "lm_eval_tasks/*"]


@dataclass(frozen=True)
class UploadPlan:
    """What a push sends: the folder's files, the stale-file patterns, the tag."""

    folder: Path
    repo_id: str
    private: bool
    tag: str
    files: list[tuple[str, int]]
    delete_patterns: list[str]

    def describe(self) -> str:
        total = sum(size for _, size in self.files)
        visibility = "private" if self.private else "public"
        lines = [f"repo:    https://huggingface.co/datasets/{self.repo_id} ({visibility})",
                 f"tag:     {self.tag}",
                 f"upload:  {len(self.files)} files, {total:,} bytes from {self.folder}",
                 f"delete:  remote files matching {self.delete_patterns} that are not uploaded"]
        lines += [f"  {size:>12,}  {rel}" for rel, size in self.files]
        return "\n".join(lines)


def plan_upload(folder: Path, repo_id: str, *, tag: str | None = None, private: bool = False,
                progress: bool = False) -> UploadPlan:
    """Run the whole ``--verify`` (checksums, card, every row's answers) and list what would be uploaded:
    exactly the manifest's files, each inside ``folder``. A release that fails verification is refused."""
    folder = Path(folder)
    if repo_id.count("/") != 1 or not all(repo_id.split("/")):
        raise ReleaseError(f"--repo-id: expected ORG/NAME, got {repo_id!r}")
    problems = verify_release(folder, check_rows=True, progress=progress)
    if problems:
        more = f" (and {len(problems) - 1} more; run --verify {folder})" if len(problems) > 1 else ""
        raise ReleaseError(f"{folder}: refusing to push a release that fails verification: "
                           f"{problems[0]}{more}")
    manifest = read_release_manifest(folder)
    rels = sorted([*manifest["files"], MANIFEST])
    files = [(rel, confined(folder, rel, f"{folder / MANIFEST}: files").stat().st_size) for rel in rels]
    if not tag and not isinstance(manifest.get("release"), str):
        raise ReleaseError(f"{folder / MANIFEST}: field 'release': missing; pass --revision-tag")
    tag = tag or f"v{manifest['release']}"
    return UploadPlan(folder, repo_id, private, tag, files, list(DELETE_PATTERNS))


def push(plan: UploadPlan, *, token: str | None = None) -> str:
    """Create the dataset repo, upload the planned files (deleting stale shards), tag the commit.

    Returns the commit URL. Uses the token from ``huggingface-cli login`` / ``HF_TOKEN`` by default.
    """
    import httpx2  # huggingface_hub 2.x HTTP client
    from huggingface_hub import HfApi

    api = HfApi(token=token)
    try:
        api.create_repo(plan.repo_id, repo_type="dataset", private=plan.private, exist_ok=True)
        commit = api.upload_folder(
            repo_id=plan.repo_id, repo_type="dataset", folder_path=plan.folder,
            allow_patterns=[rel for rel, _ in plan.files], delete_patterns=plan.delete_patterns,
            commit_message=f"Release {plan.tag}")
        api.create_tag(plan.repo_id, tag=plan.tag, revision=commit.oid, repo_type="dataset",
                       tag_message=f"entity-renamed-mrqa release {plan.tag}")
    except (OSError, httpx2.HTTPError) as err:  # HfHubHTTPError is both
        raise ReleaseError(f"push to {plan.repo_id} failed: {err}") from None
    return commit.commit_url
