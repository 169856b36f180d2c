# Does Liger-Kernel's in-place _grpo_loss_bwd_kernel_seq give the same DLOGITS
# aliased (DLOGITS = LOGITS) as not, and the same under Triton and tritonc?
# Against a float64 reference; run from the repo root with .realcode/liger,
# plain (Triton) and under `python -m triton_dropin` (replace mode).
import sys, torch
sys.path.insert(0, '.realcode/liger/src')
from liger_kernel.ops.grpo_loss import _grpo_loss_bwd_kernel_seq
torch.manual_seed(0)
B, L, N = 2, 128, 1000
T, BETA, EPSL, EPSH = 0.9, 0.04, 0.2, 0.4
dev = 'cuda'
logits = torch.randn(B, L + 1, N, device=dev) * 2
ids = torch.randint(0, N, (B, L), device=dev)
lse = torch.logsumexp(logits[:, :L].double() / T, -1).float()
ref = torch.randn(B, L, device=dev) - 3
old = torch.randn(B, L, device=dev) - 3
dloss = torch.randn(B, L, device=dev)
dsum = dloss.sum(-1).contiguous()
mask = (torch.rand(B, L, device=dev) < 0.8).float()
adv = torch.randn(B, device=dev)
coef = torch.rand(B, device=dev) + 0.6
seql = mask.sum(-1).clamp(min=1.0)

def run(dl, lg):
    _grpo_loss_bwd_kernel_seq[(B, L)](dloss, dsum, dl, lg, old, ref, ids, adv, mask, lse, coef, seql,
        T, BETA, False, EPSL, EPSH, 0.0, *dloss.stride(), L, N, BLOCK_N=4096, num_stages=1, num_warps=16)
    torch.cuda.synchronize()

sep = torch.zeros_like(logits); run(sep, logits.clone())
results = {}
for trial in range(5):
    lg = logits.clone(); run(lg, lg); results[trial] = lg
# float64 reference
x = torch.gather(logits[:, :L].double(), 2, ids[..., None])[..., 0] / T
logp = x - lse.double()
c1 = coef.double()[:, None]; a = adv.double()[:, None]
c2 = c1.clamp(1 - EPSL, 1 + EPSH)
unc = (c2 * a >= c1 * a).double()
dlogp = -c1 * a / seql.double()[:, None] * unc * dsum.double()[:, None]
dlogp = dlogp + BETA * (1 - torch.exp(ref.double() - logp)) * dloss.double()
dlogp = dlogp / T
p = torch.exp(logits[:, :L].double() / T - lse.double()[..., None])
onehot = torch.nn.functional.one_hot(ids, N).bool()
want = torch.where(onehot, 1 - p, -p) * dlogp[..., None]
want = want * mask.double()[..., None]
print('separate vs f64: max', (sep[:, :L].double() - want).abs().max().item())
for t, lg in results.items():
    print(f'in-place #{t} vs f64: max', (lg[:, :L].double() - want).abs().max().item(),
          'vs separate', (lg[:, :L] - sep[:, :L]).abs().max().item())
