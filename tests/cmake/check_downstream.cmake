# The installed CMake package, used from a project outside tritonc
# (tests/cmake/downstream) with one build tool:
#
#   cmake -DBUILD=<tritonc build dir> -DWORK=<scratch dir> -DGENERATOR=<Ninja|Unix Makefiles>
#         -P check_downstream.cmake
#
# installs tritonc into WORK/prefix, builds a copy of the project against it,
# and checks which steps each later build runs: none when nothing changed;
# only tritonc when a kernel file is touched (its header comes out the same,
# so nothing that includes it is rebuilt); tritonc and the program when the
# kernel or the options really change, or when tritonc itself does.
set(source_dir ${CMAKE_CURRENT_LIST_DIR}/downstream)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(prefix ${WORK}/prefix)
set(project ${WORK}/src)
set(build ${WORK}/build)

function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (${rc}):\n${out}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()

# One build; `expect` lists what must run, among `tritonc` and `app`
# (compiling the program), and the rest must not.
function(build_expecting step)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "EXPECT")
  run("build (${step})" ${CMAKE_COMMAND} --build ${build})
  set(patterns "tritonc: scale from" "Building CXX object")
  set(names tritonc app)
  foreach(name pattern IN ZIP_LISTS names patterns)
    string(FIND "${out}" "${pattern}" at)
    list(FIND arg_EXPECT ${name} wanted)
    if(wanted GREATER -1 AND at EQUAL -1)
      message(FATAL_ERROR "${step}: expected ${name} to run; the build said:\n${out}")
    elseif(wanted EQUAL -1 AND at GREATER -1)
      message(FATAL_ERROR "${step}: ${name} ran, but should not have; the build said:\n${out}")
    endif()
  endforeach()
  message("ok: ${step}")
endfunction()

# A file changed now must look newer than the outputs of the build just
# before, even on a file system with coarse time stamps.
function(touch_later file)
  execute_process(COMMAND ${CMAKE_COMMAND} -E sleep 1.1)
  file(TOUCH ${file})
endfunction()

run("install" ${CMAKE_COMMAND} --install ${BUILD} --prefix ${prefix})
file(COPY ${source_dir}/ DESTINATION ${project})
run("configure" ${CMAKE_COMMAND} -S ${project} -B ${build} -G ${GENERATOR}
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH=${prefix})

build_expecting("first build" EXPECT tritonc app)
build_expecting("nothing changed")
touch_later(${project}/kernels/scale.py)
build_expecting("kernel touched" EXPECT tritonc)
touch_later(${project}/kernels/scale_factor.py)
build_expecting("imported module touched" EXPECT tritonc)
build_expecting("nothing changed after a touch")

file(READ ${project}/kernels/scale_factor.py text)
string(REPLACE "2.0" "3.0" text "${text}")
touch_later(${project}/kernels/scale_factor.py)
file(WRITE ${project}/kernels/scale_factor.py "${text}")
build_expecting("imported module edited" EXPECT tritonc app)

touch_later(${prefix}/bin/tritonc)
build_expecting("tritonc touched" EXPECT tritonc)

execute_process(COMMAND ${CMAKE_COMMAND} -E sleep 1.1)
run("reconfigure" ${CMAKE_COMMAND} -DSCALE_NUM_WARPS=8 ${build})
build_expecting("options changed" EXPECT tritonc app)
file(READ ${build}/scale_kernel.tritonc/include/scale_kernel.h header)
if(NOT header MATCHES "kNumWarps = 8;")
  message(FATAL_ERROR "the header does not have the new NUM_WARPS")
endif()
build_expecting("nothing changed after new options")
