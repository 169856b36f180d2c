# The samples' host program (samples/host) built against the installed
# package, as the main job builds it (tools/build_samples_host.sh):
#
#   cmake -DBUILD=<tritonc build dir> -DWORK=<scratch dir> -DSOURCE=<samples/host> -P check_samples_host.cmake
#
# then run: without a GPU it must say so and exit 2; with one, pass (0).
set(prefix ${WORK}/prefix)
set(build ${WORK}/build)
file(REMOVE_RECURSE ${WORK})

function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (${rc}):\n${out}")
  endif()
endfunction()

run("install" ${CMAKE_COMMAND} --install ${BUILD} --prefix ${prefix})
run("configure" ${CMAKE_COMMAND} -S ${SOURCE} -B ${build} -G Ninja -DCMAKE_BUILD_TYPE=Release
    -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_CXX_FLAGS=-Werror)
run("build" ${CMAKE_COMMAND} --build ${build})

execute_process(COMMAND ${build}/samples_host RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(rc EQUAL 2 AND out MATCHES "^no GPU: ")
  message("ok: built; no GPU here, and the program says so: ${out}")
elseif(NOT rc EQUAL 0)
  message(FATAL_ERROR "samples_host exited with ${rc}:\n${out}")
endif()
