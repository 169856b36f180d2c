# tritonc_add_kernel(): a Triton kernel as a CMake library target.
#
#   tritonc_add_kernel(<target>
#     SOURCE <kernel.py> KERNEL <name>
#     SIGNATURE "<sig>" [SIGNATURE "<sig>" ...]
#     [NUM_WARPS <n>] [NUM_STAGES <n>] [ARCH <sm_80,sm_90a | list>] [GRID "<x, y, z>"]
#     [INCLUDE_DIRS <dir>...] [TUNING <tune.json>...] [TUNING_BUCKETS pow2]
#     [OPTIONS <tritonc option>...])
#
# makes <target> an INTERFACE library whose include directory holds the
# generated launcher <target>.h and which links CUDA::cuda_driver. The PTX,
# the metadata JSON and the depfile are written next to that directory,
# never inside it, so that `#include "<target>.h"` finds nothing else.
#
# A signature that leaves out the meta-parameters of the kernel's
# `@triton.autotune` configurations compiles all of them into the header;
# TUNING names `tritonc-tune` results (one per device) that launch() then
# picks from by the call's key, TUNING_BUCKETS pow2 rounding keys up to
# powers of two first. The header is rebuilt when a tuning file changes.
#
# tritonc runs at build time. Its depfile names the kernel file and every
# module it imports; the header is regenerated when one of them, tritonc
# itself, or the options change.
#
# Included both by the installed tritoncConfig.cmake and by tritonc's own
# CMakeLists.txt, so a project may use an install (find_package) or a
# source tree (add_subdirectory). The tool is the target tritonc::tritonc,
# or TRITONC_EXECUTABLE when that is set instead.

include_guard(GLOBAL)
# Recorded by the function below whatever the caller's minimum version:
# DEPFILE paths are taken as CMake 3.20 reads them (CMP0116).
cmake_policy(VERSION 3.20)

function(tritonc_add_kernel target)
  cmake_parse_arguments(PARSE_ARGV 1 arg ""
    "SOURCE;KERNEL;NUM_WARPS;NUM_STAGES;GRID;TUNING_BUCKETS" "SIGNATURE;ARCH;INCLUDE_DIRS;TUNING;OPTIONS")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "tritonc_add_kernel(${target}): unknown arguments ${arg_UNPARSED_ARGUMENTS}")
  endif()
  foreach(required SOURCE KERNEL SIGNATURE)
    if(NOT DEFINED arg_${required})
      message(FATAL_ERROR "tritonc_add_kernel(${target}): ${required} is required")
    endif()
  endforeach()

  if(TARGET tritonc::tritonc)
    set(tool tritonc::tritonc)
    set(tool_file $<TARGET_FILE:tritonc::tritonc>)
  elseif(TRITONC_EXECUTABLE)
    set(tool ${TRITONC_EXECUTABLE})
    set(tool_file ${TRITONC_EXECUTABLE})
  else()
    message(FATAL_ERROR "tritonc_add_kernel(${target}): no tritonc; use find_package(tritonc) "
                        "or add_subdirectory() on its source tree, or set TRITONC_EXECUTABLE")
  endif()
  # The imported targets of find_package() are visible only below the
  # directory that found them: a project that took tritonc in through
  # add_subdirectory() has not found CUDA where it calls this.
  if(NOT TARGET CUDA::cuda_driver)
    find_package(CUDAToolkit REQUIRED)
  endif()

  cmake_path(ABSOLUTE_PATH arg_SOURCE BASE_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR} NORMALIZE
             OUTPUT_VARIABLE source)
  set(dir ${CMAKE_CURRENT_BINARY_DIR}/${target}.tritonc)
  set(header ${dir}/include/${target}.h)
  set(ptx ${dir}/${target}.ptx)
  set(depfile ${dir}/${target}.d)

  set(options --kernel ${arg_KERNEL})
  foreach(signature IN LISTS arg_SIGNATURE)
    list(APPEND options --signature ${signature})
  endforeach()
  if(DEFINED arg_NUM_WARPS)
    list(APPEND options --num-warps ${arg_NUM_WARPS})
  endif()
  if(DEFINED arg_NUM_STAGES)
    list(APPEND options --num-stages ${arg_NUM_STAGES})
  endif()
  if(arg_ARCH)
    list(JOIN arg_ARCH "," archs)
    list(APPEND options --arch ${archs})
  endif()
  if(DEFINED arg_GRID)
    list(APPEND options --grid ${arg_GRID})
  endif()
  foreach(include_dir IN LISTS arg_INCLUDE_DIRS)
    cmake_path(ABSOLUTE_PATH include_dir BASE_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR} NORMALIZE)
    list(APPEND options -I ${include_dir})
  endforeach()

  set(tuning_files)
  foreach(tuning IN LISTS arg_TUNING)
    cmake_path(ABSOLUTE_PATH tuning BASE_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR} NORMALIZE)
    list(APPEND options --tuning ${tuning})
    list(APPEND tuning_files ${tuning})
  endforeach()
  if(DEFINED arg_TUNING_BUCKETS)
    list(APPEND options --tuning-buckets ${arg_TUNING_BUCKETS})
  endif()
  # Any other tritonc option, as given (`--exp2-form=short-predicates`).
  list(APPEND options ${arg_OPTIONS})

  # Makefiles do not rerun a command whose text changed, so the options
  # also live in a file that is rewritten only when they change (Ninja
  # would notice either way).
  string(REPLACE ";" "\n" options_text "${options}")
  file(CONFIGURE OUTPUT ${dir}/options.txt CONTENT "${options_text}\n")

  # The PTX is the output, which tritonc always writes and its depfile names.
  # The header is a byproduct, which tritonc leaves alone when it would not
  # change: then nothing that includes it is rebuilt (Ninja restats it; to
  # Make it has no rule of its own that would touch it).
  file(MAKE_DIRECTORY ${dir}/include)
  add_custom_command(
    OUTPUT ${ptx}
    BYPRODUCTS ${header} ${dir}/${target}.json
    COMMAND ${tool} ${source} -o ${ptx} --header ${header} --depfile ${depfile} ${options}
    DEPENDS ${source} ${tool_file} ${dir}/options.txt ${tuning_files}
    DEPFILE ${depfile}
    COMMENT "tritonc: ${arg_KERNEL} from ${arg_SOURCE} -> ${target}.h"
    VERBATIM)

  add_library(${target} INTERFACE ${ptx} ${header})
  target_include_directories(${target} INTERFACE ${dir}/include)
  target_link_libraries(${target} INTERFACE CUDA::cuda_driver)
  # The launcher header is C++17.
  target_compile_features(${target} INTERFACE cxx_std_17)
endfunction()
