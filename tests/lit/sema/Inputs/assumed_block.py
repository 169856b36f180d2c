# A tile size picked by a device check only Python can run
# (host_condition_imported.py).
import torch

if torch.cuda.get_device_capability()[0] >= 9:
    BLOCK = 128
else:
    BLOCK = 64
