import os
import lit.formats

config.name = "tritonc"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".py", ".tir"]
config.excludes = ["lit.cfg.py", "lit.site.cfg.py", "Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(os.path.dirname(config.tritonc), "tests", "lit-out")

config.substitutions.append(("%tritonc", config.tritonc))
config.substitutions.append(("%samples", os.path.join(config.source_root, "samples")))
config.substitutions.append(("%source", config.source_root))
config.substitutions.append(("%libdevice", config.libdevice))
config.environment["PATH"] = os.pathsep.join([config.llvm_tools_dir, config.environment.get("PATH", "")])
if config.ptxas and not config.ptxas.endswith("NOTFOUND"):
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", config.ptxas))
